import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness } from '#test-support/server-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('profile', () => {
  it('starts from defaults, saves partial updates and keeps the rest', async () => {
    const user = await h.signIn({ name: 'Pat' });
    const initial = await h.app.inject({ url: '/api/profile', headers: user.headers });
    expect(initial.json()).toMatchObject({
      name: 'Pat',
      skills: [],
      defaultTone: 'professional',
      updatedAt: null,
    });
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: user.headers,
      payload: { skills: ['React', 'Node.js'], hourlyRateMinor: 8500 },
    });
    expect(saved.statusCode).toBe(200);
    const next = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: user.headers,
      payload: { title: 'Full-stack developer' },
    });
    expect(next.json()).toMatchObject({
      skills: ['React', 'Node.js'],
      hourlyRateMinor: 8500,
      title: 'Full-stack developer',
    });
  });

  it('keeps each user’s profile their own', async () => {
    const a = await h.signIn();
    const b = await h.signIn();
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: a.headers,
      payload: { overview: 'Only A' },
    });
    expect((await h.app.inject({ url: '/api/profile', headers: b.headers })).json().overview).toBe(
      '',
    );
  });

  it('answers 400 with the field for bad values', async () => {
    const user = await h.signIn();
    const response = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: user.headers,
      payload: { currency: 'dollars', hourlyRateMinor: -1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/currency|hourlyRateMinor/);
  });
});
