import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, userRow, type Harness } from '#test-support/server-harness';

let h: Harness;
const logLines: string[] = [];
beforeAll(async () => {
  h = await createHarness({ logLines });
});
afterAll(async () => h.close());

function b64url(value: object) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('identity verification', () => {
  it.each([
    ['no header', undefined],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['garbage', 'Bearer not-a-token'],
    ['an empty signature', `Bearer ${b64url({ alg: 'RS256', kid: 'x' })}.${b64url({ sub: 'x' })}.`],
  ])('answers 401 in the JSON error shape for %s', async (_label, authorization) => {
    const response = await h.app.inject({
      url: '/api/profile',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: expect.stringContaining('Sign in') },
    });
  });

  it('refuses a token whose payload was changed', async () => {
    const member = await h.signIn();
    const [header, payload, signature] = member.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${b64url({ ...claims, sub: 'someone-else', user_id: 'someone-else' })}.${signature}`;
    const response = await h.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token issued for another project', async () => {
    const member = await h.signIn();
    const [header, payload, signature] = member.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const foreign = `${header}.${b64url({ ...claims, aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' })}.${signature}`;
    const response = await h.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${foreign}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('gives a disabled identity 401 with its own error code', async () => {
    const member = await h.signIn();
    await h.emulator.setDisabled(member.user.firebaseUid, true);
    const response = await h.app.inject({ url: '/api/profile', headers: member.headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('user_disabled');
  });

  it('refuses a disabled account at once on sensitive routes, and on others after the revocation check', async () => {
    // A passed revocation check is trusted for up to 30 s per user, except
    // on sensitive routes, which ask the identity service every time.
    const member = await h.signIn({ role: 'admin' });
    expect((await h.app.inject({ url: '/api/profile', headers: member.headers })).statusCode).toBe(
      200,
    );
    await h.emulator.setDisabled(member.user.firebaseUid, true);
    const sensitive = await h.app.inject({ url: '/api/admin/users', headers: member.headers });
    expect(sensitive.statusCode).toBe(401);
    expect(sensitive.json().error.code).toBe('user_disabled');
    // Within the window the other routes make no identity call (the admin API's own disable
    // clears the cache at once); once it lapses, the next request is refused.
    expect((await h.app.inject({ url: '/api/profile', headers: member.headers })).statusCode).toBe(
      200,
    );
    h.app.forgetIdentity(member.user.firebaseUid);
    const later = await h.app.inject({ url: '/api/profile', headers: member.headers });
    expect(later.statusCode).toBe(401);
    expect(later.json().error.code).toBe('user_disabled');
  });

  it('never writes tokens to the logs', async () => {
    const member = await h.signIn();
    await h.app.inject({ url: '/api/profile', headers: member.headers });
    await h.app.inject({ url: '/api/profile', headers: { authorization: 'Bearer not-a-token' } });
    const logs = logLines.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(member.token);
    expect(logs).not.toContain('Bearer ');
    expect(logs).not.toContain('eyJ');
  });

  it('records the time of a new sign-in on the user row', async () => {
    const member = await h.signIn();
    await h.app.inject({ url: '/api/profile', headers: member.headers });
    const row = await userRow(h, member.user.id);
    expect(row?.lastSignInAt).toBeInstanceOf(Date);
  });
});
