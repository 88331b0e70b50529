import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PortfolioSearchResult } from '#contract/portfolio';
import { startOpenAIStub, type OpenAIStub } from '#test-support/openai-stub';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { portfolioItems } from '../../db/schema/portfolio.ts';

/** AI search over the real HTTP path: the configured provider's embeddings from a local stub. */
let h: Harness;
let stub: OpenAIStub;
let user: SignedIn;

beforeAll(async () => {
  stub = await startOpenAIStub({ embeddingDimensions: 32 });
  h = await createHarness({
    env: {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: stub.url,
      AI_MODEL: 'stub-chat',
      AI_EMBEDDING_MODEL: 'stub-embedding',
    },
  });
  user = await h.signIn({ modules: ['portfolio'] });
  for (const title of ['Kubernetes platform migration', 'Shopify checkout redesign']) {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/portfolio/items',
      headers: user.headers,
      payload: { title, description: `${title} for a client.` },
    });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await h.close();
  await stub.close();
});

const search = async (query: string) => {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/portfolio/search?${query}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as PortfolioSearchResult;
};

describe('AI search with a provider that offers embeddings', () => {
  it('embeds the items with the provider’s model and fuses similarity with the text rank', async () => {
    const result = await search('q=kubernetes%20migration&mode=ai');
    expect(result).toMatchObject({
      mode: 'ai',
      requestedMode: 'ai',
      aiAvailable: true,
      note: null,
    });
    expect(result.results[0]!.item.title).toBe('Kubernetes platform migration');
    expect(result.results[0]!.similarity).not.toBeNull();
    expect(result.results).toHaveLength(2);
    expect(stub.embeddingRequests.length).toBeGreaterThanOrEqual(1);
    const rows = await h.database.db
      .select({ model: portfolioItems.embeddingModel })
      .from(portfolioItems)
      .where(eq(portfolioItems.userId, user.user.id));
    expect(rows.map((row) => row.model)).toEqual([
      'openai-compatible:stub-embedding',
      'openai-compatible:stub-embedding',
    ]);
    const logged = await h.database.db
      .select({ action: activities.action })
      .from(activities)
      .where(eq(activities.userId, user.user.id));
    expect(logged.map((row) => row.action)).toContain('ai_search_portfolio');
  });

  it('tells the word search that AI search is available', async () => {
    expect(await search('q=shopify')).toMatchObject({ mode: 'text', aiAvailable: true });
  });

  it('falls back to words, and says so, when the provider is down', async () => {
    await stub.close();
    const result = await search('q=shopify&mode=ai');
    expect(result).toMatchObject({ mode: 'text', requestedMode: 'ai', aiAvailable: true });
    expect(result.note).toMatch(/did not answer/);
    expect(result.results[0]!.item.title).toBe('Shopify checkout redesign');
  });
});
