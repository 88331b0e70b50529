import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';

import type { Activity } from '#contract/activity';
import type { BackendUser } from '#contract/user';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

/** What the Users panel needs beyond the plain list: sorting, counted pages, activity, CSV. */
let h: Harness;
let admin: SignedIn;
let zed: SignedIn;
let abe: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn({ role: 'admin', name: 'Mona Admin' });
  zed = await h.signIn({ name: 'Zed Panel', modules: ['response'] });
  abe = await h.signIn({ name: 'abe panel', modules: [] });
});
afterAll(async () => h.close());

async function adminGet(url: string) {
  return h.app.inject({ url, headers: admin.headers });
}

async function ownActions(signedIn: SignedIn): Promise<string[]> {
  const response = await h.app.inject({ url: '/api/activities', headers: signedIn.headers });
  return (response.json().items as Activity[]).map((item) => item.action);
}

describe('GET /api/admin/users: sort and counted pages', () => {
  it('sorts by name either way, case-insensitively, and counts the matches', async () => {
    const up = await adminGet('/api/admin/users?q=panel&sort=name&dir=asc');
    expect(up.statusCode).toBe(200);
    expect(up.json().items.map((user: BackendUser) => user.id)).toEqual([abe.user.id, zed.user.id]);
    expect(up.json().total).toBe(2);
    const down = await adminGet('/api/admin/users?q=panel&sort=name&dir=desc');
    expect(down.json().items.map((user: BackendUser) => user.id)).toEqual([
      zed.user.id,
      abe.user.id,
    ]);
  });

  it('pages through every user once, in order, with the total on each page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = await adminGet(`/api/admin/users?sort=email&dir=asc&limit=1${query}`);
      expect(page.json().total).toBe(3);
      seen.push(...page.json().items.map((user: BackendUser) => user.email));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(3);
  });

  it('answers 400 with a plain message for an unknown sort column or a forged cursor', async () => {
    const sort = await adminGet('/api/admin/users?sort=password');
    expect(sort.statusCode).toBe(400);
    expect(JSON.stringify(sort.json())).toContain('sort must be one of');
    expect((await adminGet('/api/admin/users?cursor=abc')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/users/:id/activity', () => {
  it('shows one user’s actions and logs view_user_activity for the admin', async () => {
    await h.app.inject({
      method: 'POST',
      url: '/api/activities/log',
      headers: zed.headers,
      payload: { action: 'view_dashboard' },
    });
    const response = await adminGet(`/api/admin/users/${zed.user.id}/activity`);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Activity[];
    expect(items.map((item) => item.action)).toContain('view_dashboard');
    expect(items.every((item) => item.userId === zed.user.id)).toBe(true);
    expect(await ownActions(admin)).toContain('view_user_activity');
  });

  it('filters by action and refuses members with 403', async () => {
    const filtered = await adminGet(`/api/admin/users/${zed.user.id}/activity?action=login`);
    expect(filtered.json().items).toEqual([]);
    const refused = await h.app.inject({
      url: `/api/admin/users/${zed.user.id}/activity`,
      headers: abe.headers,
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await adminGet(
      '/api/admin/users/00000000-0000-4000-8000-000000000000/activity',
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/users/:id/export?format=csv', () => {
  it('downloads every record as table, record, field and value lines', async () => {
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: zed.headers,
      payload: { title: '=cmd|React developer' },
    });
    const response = await adminGet(`/api/admin/users/${zed.user.id}/export?format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('.csv');
    const rows = Papa.parse<Record<string, string>>(response.body, { header: true }).data;
    expect(rows).toContainEqual({
      table: 'users',
      recordId: zed.user.id,
      field: 'email',
      value: zed.user.email,
    });
    const title = rows.find((row) => row.table === 'profiles' && row.field === 'title');
    // Formula-like cells are escaped so a spreadsheet shows them as text.
    expect(title?.value).toBe("'=cmd|React developer");
    expect(await ownActions(admin)).toContain('export_user_data');
  });

  it('refuses an unknown format with 400', async () => {
    const response = await adminGet(`/api/admin/users/${zed.user.id}/export?format=xml`);
    expect(response.statusCode).toBe(400);
  });
});
