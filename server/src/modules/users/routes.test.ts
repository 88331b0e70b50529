import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness } from '#test-support/server-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    env: { ADMIN_EMAILS: 'boss@example.test', DEFAULT_MODULES: 'response,portfolio' },
  });
});
afterAll(async () => h.close());

describe('GET /api/users', () => {
  it('returns the caller’s own record with role and modules', async () => {
    const member = await h.signIn({ modules: ['response'], name: 'Ada' });
    const response = await h.app.inject({
      url: `/api/users?email=${encodeURIComponent(member.user.email)}`,
      headers: member.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: member.user.email,
      role: 'member',
      modules: ['response'],
      name: 'Ada',
    });
  });

  it('matches the email without regard to case', async () => {
    const member = await h.signIn();
    const response = await h.app.inject({
      url: `/api/users?email=${member.user.email.toUpperCase()}`,
      headers: member.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(member.user.id);
  });

  it('refuses a member asking for another address with 403 and no data', async () => {
    const a = await h.signIn();
    const b = await h.signIn();
    const response = await h.app.inject({
      url: `/api/users?email=${b.user.email}`,
      headers: a.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });
    expect(response.body).not.toContain(b.user.id);
  });

  it('lets an admin read anyone, and answers 404 for an unknown address', async () => {
    const admin = await h.signIn({ role: 'admin' });
    const member = await h.signIn();
    const found = await h.app.inject({
      url: `/api/users?email=${member.user.email}`,
      headers: admin.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().id).toBe(member.user.id);
    const missing = await h.app.inject({
      url: '/api/users?email=nobody@example.test',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('creates the row of a new identity on its first request, with the configured default modules', async () => {
    const account = await h.emulator.createAccount(`new-${Date.now()}@example.test`);
    const response = await h.app.inject({
      url: `/api/users?email=${account.email}`,
      headers: { authorization: `Bearer ${account.idToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'member',
      modules: ['response', 'portfolio'],
      status: 'active',
    });
    expect(response.json().lastSignInAt).not.toBeNull();
  });

  it('bootstraps an address listed in ADMIN_EMAILS as admin with every module', async () => {
    const account = await h.emulator
      .createAccount('boss@example.test')
      .catch(() => h.emulator.signIn('boss@example.test', 'test-password-1'));
    const response = await h.app.inject({
      url: '/api/users?email=boss@example.test',
      headers: { authorization: `Bearer ${account.idToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'admin',
      modules: ['response', 'proposal', 'upwork', 'portfolio'],
    });
  });

  it('answers 400 naming the field when the email is missing or malformed', async () => {
    const member = await h.signIn();
    const missing = await h.app.inject({ url: '/api/users', headers: member.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation_failed');
    expect(missing.json().error.message).toContain('email');
    const malformed = await h.app.inject({
      url: '/api/users?email=not-an-email',
      headers: member.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('lets a user rename themselves and nothing else', async () => {
    const member = await h.signIn({ name: 'Old' });
    const renamed = await h.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: member.headers,
      payload: { name: '  New Name ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'New Name', role: 'member' });
    const escalate = await h.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: member.headers,
      payload: { name: 'X', role: 'admin' },
    });
    expect(escalate.statusCode).toBe(400);
    const empty = await h.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: member.headers,
      payload: { name: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('name');
    const again = await h.app.inject({
      url: `/api/users?email=${member.user.email}`,
      headers: member.headers,
    });
    expect(again.json()).toMatchObject({ name: 'New Name', role: 'member' });
  });
});
