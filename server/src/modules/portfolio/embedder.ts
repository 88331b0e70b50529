import type { FastifyInstance } from 'fastify';

import type { ResolvedModel } from '../../ai/registry.ts';
import { activeModel } from '../ai-settings/service.ts';
import type { Embedder } from './service.ts';

/**
 * Adapts the provider registry's batch embedder to the one-text `embed` the search takes. The
 * model name stored beside embeddings is `<provider>:<embedding model>`, as the response agent
 * uses, so both fill and read the same vectors.
 */
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

/** The embedder of the AI provider in force (admin settings, else AI_* config), or null. */
export function defaultEmbedder(app: FastifyInstance): () => Promise<Embedder | null> {
  return async () => embedderFromModel(await activeModel(app.db, app.config));
}
