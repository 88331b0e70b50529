import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { encryptSecret } from '../../crypto.ts';
import { upworkConnections, upworkOauthStates } from '../../db/schema/upwork.ts';

/** A user's data export holds what the data means: no secrets, ciphertexts or hashes. */
let h: Harness;
let admin: SignedIn;
let member: SignedIn;
const VERIFIER = encryptSecret('pkce-verifier-value', Buffer.alloc(32, 9));
const STATE_HASH = 'c0ffee'.repeat(10);
const ACCESS = encryptSecret('access-token-value', Buffer.alloc(32, 9));

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn({ role: 'admin' });
  member = await h.signIn({ modules: ['upwork'] });
  await h.database.db.insert(upworkOauthStates).values({
    userId: member.user.id,
    stateHash: STATE_HASH,
    codeVerifierEnc: VERIFIER,
    expiresAt: new Date(Date.now() + 600_000),
  });
  await h.database.db.insert(upworkConnections).values({
    userId: member.user.id,
    status: 'connected',
    accessTokenEnc: ACCESS,
    refreshTokenEnc: ACCESS,
    upworkUserName: 'Dana Upwork',
  });
});
afterAll(async () => h.close());

describe('GET /api/admin/users/:id/export', () => {
  it('leaves out encrypted columns, hashes and pending sign-in handshakes', async () => {
    const response = await h.app.inject({
      url: `/api/admin/users/${member.user.id}/export`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    for (const secret of [VERIFIER, STATE_HASH, ACCESS])
      expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/codeVerifierEnc|stateHash|TokenEnc|Encrypted/);

    const { data } = response.json() as { data: Record<string, Array<Record<string, unknown>>> };
    expect(data.upwork_oauth_states).toBeUndefined();
    // What the connection means stays in the export.
    expect(data.upwork_connections?.[0]).toMatchObject({
      status: 'connected',
      upworkUserName: 'Dana Upwork',
    });
  });

  it('leaves the same out of the CSV export', async () => {
    const response = await h.app.inject({
      url: `/api/admin/users/${member.user.id}/export?format=csv`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    for (const secret of [VERIFIER, STATE_HASH, ACCESS])
      expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/codeVerifierEnc|stateHash|TokenEnc|Encrypted/);
    expect(response.body).toContain('upwork_connections');
    expect(response.body).toContain('Dana Upwork');
  });
});
