import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { NotificationsPage, StoredNotification } from '#contract/notifications';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import type { ServerEvent } from '../../plugins/events.ts';
import { notifyUser, purgeOldNotifications } from './service.ts';

let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  h = await createHarness({ env: { SAVED_SEARCH_POLL_SECONDS: '0' } });
  alice = await h.signIn({ modules: [] });
  bob = await h.signIn({ modules: ['upwork'] });
});
afterAll(async () => h.close());

const call = (who: SignedIn, method: 'GET' | 'POST', url: string) =>
  h.app.inject({ method, url, headers: who.headers });

const notify = (who: SignedIn, title: string, at?: Date) =>
  notifyUser(
    h.database.db,
    h.app.events,
    { userId: who.user.id, kind: 'saved_search_match', title, body: 'A job', link: '/upwork-jobs' },
    at,
  );

describe('notifications: stored alerts for the bell', () => {
  it('stores an alert and pushes it to the owner’s open streams with the stored id', async () => {
    const events: ServerEvent[] = [];
    const stop = h.app.events.subscribe(alice.user.id, (event) => events.push(event));
    try {
      const stored = await notify(alice, 'First alert');
      expect(events).toEqual([
        {
          type: 'notification',
          data: expect.objectContaining({
            id: stored.id,
            title: 'First alert',
            href: '/upwork-jobs',
          }),
        },
      ]);
    } finally {
      stop();
    }
  });

  it('lists the caller’s alerts newest first with the unread count, one page at a time', async () => {
    await notify(alice, 'Second alert');
    await notify(alice, 'Third alert');
    await notify(bob, 'Bob’s alert');
    const first = await call(alice, 'GET', '/api/notifications?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<NotificationsPage>();
    expect(page.unreadCount).toBe(3);
    expect(page.items.map((item) => item.title)).toEqual(['Third alert', 'Second alert']);
    expect(page.nextCursor).not.toBeNull();
    const second = await call(
      alice,
      'GET',
      `/api/notifications?limit=2&cursor=${page.nextCursor ?? ''}`,
    );
    expect(second.json<NotificationsPage>().items.map((item) => item.title)).toEqual([
      'First alert',
    ]);
  });

  it('marks one alert read; another user’s alert answers 404 and stays unread', async () => {
    const listed = (await call(alice, 'GET', '/api/notifications')).json<NotificationsPage>();
    const newest = listed.items[0]!;
    const read = await call(alice, 'POST', `/api/notifications/${newest.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json<StoredNotification>().readAt).not.toBeNull();
    const again = await call(alice, 'GET', '/api/notifications?unread=true');
    expect(again.json<NotificationsPage>().unreadCount).toBe(2);
    expect(again.json<NotificationsPage>().items.map((item) => item.id)).not.toContain(newest.id);

    const stolen = await call(bob, 'POST', `/api/notifications/${newest.id}/read`);
    expect(stolen.statusCode).toBe(404);
    const bobs = (await call(bob, 'GET', '/api/notifications')).json<NotificationsPage>();
    const mine = await call(alice, 'POST', `/api/notifications/${bobs.items[0]!.id}/read`);
    expect(mine.statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/notifications')).json().unreadCount).toBe(1);
  });

  it('marks all read for the caller only', async () => {
    const all = await call(alice, 'POST', '/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await call(alice, 'GET', '/api/notifications')).json().unreadCount).toBe(0);
    expect((await call(bob, 'GET', '/api/notifications')).json().unreadCount).toBe(1);
  });

  it('answers 400 for a malformed id, limit or cursor, and 401 without a token', async () => {
    expect((await call(alice, 'POST', '/api/notifications/not-a-uuid/read')).statusCode).toBe(400);
    expect((await call(alice, 'GET', '/api/notifications?limit=500')).statusCode).toBe(400);
    expect((await call(alice, 'GET', '/api/notifications?cursor=%25%25')).statusCode).toBe(400);
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the purge drops alerts older than 30 days and keeps newer ones', async () => {
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    await notify(bob, 'Old alert', new Date(now.getTime() - 31 * day));
    await notify(bob, 'Recent alert', new Date(now.getTime() - 29 * day));
    const removed = await purgeOldNotifications(h.database.db, now);
    expect(removed).toBeGreaterThanOrEqual(1);
    const titles = (await call(bob, 'GET', '/api/notifications'))
      .json<NotificationsPage>()
      .items.map((item) => item.title);
    expect(titles).toContain('Recent alert');
    expect(titles).not.toContain('Old alert');
  });
});
