import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { activities } from '../../db/schema/activities.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { createHarness, userRow, type Harness, type SignedIn } from '#test-support/server-harness';

let h: Harness;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn({ role: 'admin', name: 'Root' });
  member = await h.signIn({ modules: ['response'], name: 'Mia' });
});
afterAll(async () => h.close());

describe('admin API', () => {
  it('lists users with name, email, role and modules, paginated', async () => {
    const first = await h.app.inject({ url: '/api/admin/users?limit=1', headers: admin.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(1);
    expect(first.json().nextCursor).toEqual(expect.any(String));
    const search = await h.app.inject({
      url: `/api/admin/users?q=${encodeURIComponent(member.user.email)}`,
      headers: admin.headers,
    });
    expect(search.json().items).toEqual([
      expect.objectContaining({
        id: member.user.id,
        name: 'Mia',
        email: member.user.email,
        role: 'member',
        modules: ['response'],
        status: 'active',
      }),
    ]);
  });

  it('changes role and modules, ignoring fields it does not know', async () => {
    const target = await h.signIn();
    const response = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${target.user.id}`,
      headers: admin.headers,
      payload: { modules: ['portfolio', 'upwork'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().modules).toEqual(['upwork', 'portfolio']);
    const mass = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${target.user.id}`,
      headers: admin.headers,
      payload: { role: 'admin', firebaseUid: 'stolen', id: 'x' },
    });
    expect(mass.statusCode).toBe(400);
    const row = await userRow(h, target.user.id);
    expect(row?.role).toBe('member');
    expect(row?.firebaseUid).toBe(target.user.firebaseUid);
  });

  it('refuses to remove the admin role from the caller', async () => {
    const response = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}`,
      headers: admin.headers,
      payload: { role: 'member' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('disables a user so their token stops working at once, then enables them', async () => {
    const target = await h.signIn();
    expect((await h.app.inject({ url: '/api/profile', headers: target.headers })).statusCode).toBe(
      200,
    );
    const disable = await h.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/status`,
      headers: admin.headers,
      payload: { status: 'disabled' },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().status).toBe('disabled');
    const refused = await h.app.inject({ url: '/api/profile', headers: target.headers });
    expect(refused.statusCode).toBe(401);
    expect(['user_disabled', 'token_revoked']).toContain(refused.json().error.code);

    const enable = await h.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/status`,
      headers: admin.headers,
      payload: { status: 'enabled' },
    });
    expect(enable.statusCode).toBe(400);
    const reenable = await h.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/status`,
      headers: admin.headers,
      payload: { status: 'active' },
    });
    expect(reenable.json().status).toBe('active');
    const again = await h.emulator.signIn(target.user.email, target.password);
    expect(
      (
        await h.app.inject({
          url: '/api/profile',
          headers: { authorization: `Bearer ${again.idToken}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('invites by email: creates the identity and returns a password-reset link', async () => {
    const email = `invitee-${Date.now()}@example.test`;
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/admin/users/invite',
      headers: admin.headers,
      payload: { email, name: 'Ivy', modules: ['proposal'] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      email,
      name: 'Ivy',
      role: 'member',
      modules: ['proposal'],
    });
    expect(response.json().passwordResetLink).toMatch(/^http/);
    const duplicate = await h.app.inject({
      method: 'POST',
      url: '/api/admin/users/invite',
      headers: admin.headers,
      payload: { email },
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('exports one user’s data as JSON', async () => {
    await h.app.inject({
      method: 'POST',
      url: '/api/activities/log',
      headers: member.headers,
      payload: { action: 'view_dashboard' },
    });
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: member.headers,
      payload: { title: 'React developer' },
    });
    const response = await h.app.inject({
      url: `/api/admin/users/${member.user.id}/export`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const body = response.json();
    expect(body.user.id).toBe(member.user.id);
    expect(body.data.activities.map((row: { action: string }) => row.action)).toContain(
      'view_dashboard',
    );
    expect(body.data.profiles[0].title).toBe('React developer');
  });

  it('deletes a user with their data', async () => {
    const target = await h.signIn();
    await h.app.inject({
      method: 'POST',
      url: '/api/activities/log',
      headers: target.headers,
      payload: { action: 'login' },
    });
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: target.headers,
      payload: { title: 'Gone soon' },
    });
    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target.user.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(204);
    const db = h.database.db;
    expect(
      (await db.select({ n: count() }).from(users).where(eq(users.id, target.user.id)))[0]?.n,
    ).toBe(0);
    expect(
      (
        await db
          .select({ n: count() })
          .from(activities)
          .where(eq(activities.userId, target.user.id))
      )[0]?.n,
    ).toBe(0);
    expect(
      (await db.select({ n: count() }).from(profiles).where(eq(profiles.userId, target.user.id)))[0]
        ?.n,
    ).toBe(0);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: `/api/admin/users/${target.user.id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses every admin route to members with 403 and changes nothing', async () => {
    const target = await h.signIn();
    const attempts = [
      h.app.inject({ url: '/api/admin/users', headers: member.headers }),
      h.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${target.user.id}`,
        headers: member.headers,
        payload: { role: 'admin' },
      }),
      h.app.inject({
        method: 'POST',
        url: `/api/admin/users/${target.user.id}/status`,
        headers: member.headers,
        payload: { status: 'disabled' },
      }),
      h.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${target.user.id}`,
        headers: member.headers,
      }),
      h.app.inject({ url: `/api/admin/users/${target.user.id}/export`, headers: member.headers }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
    expect(await userRow(h, target.user.id)).toMatchObject({ role: 'member', status: 'active' });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect(
      (await h.app.inject({ url: '/api/admin/users/123', headers: admin.headers })).statusCode,
    ).toBe(400);
    expect(
      (
        await h.app.inject({
          url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
