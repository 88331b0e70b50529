import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

/** A response's job link is rendered as a link, so the API takes http(s) addresses only. */
let h: Harness;
let member: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  member = await h.signIn({ modules: ['response'] });
});
afterAll(async () => h.close());

const create = (url: unknown) =>
  h.app.inject({
    method: 'POST',
    url: '/api/responses',
    headers: member.headers,
    payload: { job: { title: 'Checkout rebuild', url }, text: 'Hello' },
  });

describe('POST /api/responses job.url', () => {
  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/job',
    'not a link',
  ])('refuses %s with 400', async (url) => {
    const response = await create(url);
    expect(response.statusCode, url).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.message).toContain('http:// or https://');
  });

  it('keeps http(s) links, and no link at all', async () => {
    const https = await create('https://www.upwork.com/jobs/~01abc');
    expect(https.statusCode).toBe(201);
    expect(https.json().job.url).toBe('https://www.upwork.com/jobs/~01abc');
    expect((await create('http://example.com/job')).statusCode).toBe(201);
    expect((await create(null)).statusCode).toBe(201);
  });
});
