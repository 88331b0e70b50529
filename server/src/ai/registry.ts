import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany, type EmbeddingModel, type LanguageModel } from 'ai';

import type { AiProvider } from '#contract/ai';

import { guardedFetch } from './provider-fetch.ts';
import { failFastOnLongRateLimit } from './rate-limit-fetch.ts';

/** Which provider drafts, from config or from the admin's settings (key already decrypted). */
export type ProviderSettings = {
  provider: AiProvider;
  model: string | null;
  apiKey: string | null;
  baseUrl: string | null;
  embeddingModel?: string | null;
  source: 'config' | 'settings';
  /** Whether provider requests may reach loopback and private networks (AI_ALLOW_PRIVATE_BASE_URL). */
  allowPrivateNetwork?: boolean;
};

export type ResolvedModel = {
  provider: Exclude<AiProvider, 'none'>;
  modelId: string;
  languageModel: LanguageModel;
  /** Present when the provider offers embeddings. */
  embed: ((texts: string[]) => Promise<number[][]>) | null;
  embeddingModelId: string | null;
};

const DEFAULT_MODELS: Record<Exclude<AiProvider, 'none'>, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  'openai-compatible': 'llama3.1',
};

/** The one place provider SDKs are constructed. Returns null for the offline engine. */
export function resolveModel(settings: ProviderSettings): ResolvedModel | null {
  if (settings.provider === 'none') return null;
  const modelId = settings.model || DEFAULT_MODELS[settings.provider];
  const baseURL = settings.baseUrl || undefined;
  const apiKey = settings.apiKey || undefined;
  // Every provider request goes through the network policy and never follows a redirect.
  const providerFetch = failFastOnLongRateLimit(
    guardedFetch({ allowPrivate: settings.allowPrivateNetwork ?? false }),
  );

  let languageModel: LanguageModel;
  let embeddingModel: EmbeddingModel | null = null;
  let embeddingModelId: string | null = null;
  switch (settings.provider) {
    case 'openai': {
      const openai = createOpenAI({
        apiKey: apiKey ?? 'missing-key',
        baseURL,
        fetch: providerFetch,
      });
      // Chat completions: the protocol every OpenAI-compatible server speaks as well.
      languageModel = openai.chat(modelId);
      embeddingModelId = settings.embeddingModel || 'text-embedding-3-small';
      embeddingModel = openai.embeddingModel(embeddingModelId);
      break;
    }
    case 'anthropic': {
      const anthropic = createAnthropic({
        apiKey: apiKey ?? 'missing-key',
        baseURL,
        fetch: providerFetch,
      });
      languageModel = anthropic.messages(modelId);
      break;
    }
    case 'openai-compatible': {
      const compatible = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: baseURL ?? 'http://127.0.0.1:11434/v1',
        apiKey,
        includeUsage: true,
        fetch: providerFetch,
      });
      languageModel = compatible.chatModel(modelId);
      if (settings.embeddingModel) {
        embeddingModelId = settings.embeddingModel;
        embeddingModel = compatible.embeddingModel(embeddingModelId);
      }
      break;
    }
  }
  const model = embeddingModel;
  return {
    provider: settings.provider,
    modelId,
    languageModel,
    embeddingModelId,
    embed: model
      ? async (texts: string[]) => {
          const { embeddings } = await embedMany({ model, values: texts, maxRetries: 1 });
          return embeddings;
        }
      : null,
  };
}
