import { describe, expect, it } from 'vitest';

import { UpworkError } from './errors.ts';
import { UpworkGraphqlClient } from './graphql-client.ts';
import { RateLimiter } from './rate-limiter.ts';

/** A client whose "Upwork" answers every request with `body` (HTTP 200, JSON). */
function clientAnswering(body: unknown): UpworkGraphqlClient {
  return new UpworkGraphqlClient({
    url: 'http://upwork.test/graphql',
    session: { accessToken: async () => 'token', refresh: async () => 'token' },
    limiter: new RateLimiter(1000),
    fetch: async () => Response.json(body),
  });
}

describe('Upwork GraphQL answers are checked where they arrive', () => {
  it('reads missing optional fields as null', async () => {
    const page = await clientAnswering({
      data: {
        marketplaceJobPostingsSearch: {
          totalCount: 1,
          pageInfo: { hasNextPage: false },
          edges: [
            { cursor: '1', node: { id: 'j1', title: 'React app', amount: { rawValue: 500 } } },
          ],
        },
      },
    }).searchJobs({});
    const node = page.edges[0]!.node;
    expect(page.pageInfo.endCursor).toBeNull();
    expect(node).toMatchObject({ id: 'j1', ciphertext: null, description: null, client: null });
    expect(node.amount).toEqual({ rawValue: '500' });
  });

  it('refuses an answer in another shape with a graphql error', async () => {
    const error = await clientAnswering({
      data: { marketplaceJobPostingsSearch: { totalCount: 'many', edges: 'none' } },
    })
      .searchJobs({})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpworkError);
    expect(error).toMatchObject({ kind: 'graphql' });
  });

  it('refuses a Me answer whose organization has no id', async () => {
    await expect(
      clientAnswering({ data: { user: null, organization: { name: 'Acme' } } }).me(),
    ).rejects.toMatchObject({ kind: 'graphql' });
  });

  it('still reports errors[] on a 200, even ones it cannot read', async () => {
    await expect(
      clientAnswering({ data: null, errors: ['boom', { message: 'Query failed' }] }).me(),
    ).rejects.toMatchObject({ kind: 'graphql', message: /Query failed/ });
  });
});
