import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PORTFOLIO_MAX_FILES_PER_ITEM } from '#contract/portfolio';
import { createHarness, type Harness } from '#test-support/server-harness';

const UPLOAD_LIMIT = 300_000;

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ env: { UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) } });
});
afterAll(async () => h.close());

describe('GET /api/portfolio/upload-limits', () => {
  it('tells a portfolio user the configured file size limit and the files per item', async () => {
    const user = await h.signIn({ modules: ['portfolio'] });
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/portfolio/upload-limits',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      maxBytes: UPLOAD_LIMIT,
      maxFilesPerItem: PORTFOLIO_MAX_FILES_PER_ITEM,
    });
  });

  it('answers 403 to a user without the portfolio module', async () => {
    const user = await h.signIn({ modules: ['response'] });
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/portfolio/upload-limits',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('module_not_enabled');
  });
});
