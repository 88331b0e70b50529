import type { FastifyInstance } from 'fastify';

import type { ResolvedModel } from '../../ai/registry.ts';
import type { Embedder } from './service.ts';

/** Adapts the provider registry's batch embedder to the one-text `embed` the search takes. */
export function embedderFromModel(resolved: ResolvedModel | null): Embedder | null {
  if (!resolved?.embed || !resolved.embeddingModelId) return null;
  const batch = resolved.embed;
  return {
    model: `${resolved.provider}:${resolved.embeddingModelId}`,
    embed: async (text: string) => {
      const [vector] = await batch([text]);
      return vector ?? null;
    },
  };
}

/**
 * The embedder of the configured AI provider. Until the AI settings expose a resolved model to
 * other areas, there is none, and AI search answers with the word search and says so.
 */
export function defaultEmbedder(_app: FastifyInstance): () => Promise<Embedder | null> {
  return async () => null;
}
