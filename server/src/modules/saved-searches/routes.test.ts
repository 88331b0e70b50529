import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SavedSearch } from '#contract/saved-searches';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { startUpworkSandbox, type UpworkSandbox } from '#test-support/upwork-sandbox';

import { activities } from '../../db/schema/activities.ts';
import type { ServerEvent } from '../../plugins/events.ts';
import { sharedLimiter } from '../upwork/service.ts';
import { pollSavedSearches, type PollDeps } from './service.ts';

let sandbox: UpworkSandbox;
let h: Harness;
let alice: SignedIn;
let bob: SignedIn;
let deps: PollDeps;

beforeAll(async () => {
  sandbox = await startUpworkSandbox({ jobCount: 60 });
  h = await createHarness({
    env: {
      UPWORK_CLIENT_ID: sandbox.clientId,
      UPWORK_CLIENT_SECRET: sandbox.clientSecret,
      UPWORK_AUTHORIZE_URL: sandbox.authorizeUrl,
      UPWORK_TOKEN_URL: sandbox.tokenUrl,
      UPWORK_GRAPHQL_URL: sandbox.graphqlUrl,
      UPWORK_REQUESTS_PER_SECOND: '50',
      SAVED_SEARCH_POLL_SECONDS: '0',
    },
  });
  alice = await h.signIn({ modules: ['upwork'] });
  bob = await h.signIn({ modules: ['upwork'] });
  deps = {
    db: h.database.db,
    config: h.config,
    limiter: sharedLimiter(h.config),
    events: h.app.events,
  };
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});

const call = (
  who: SignedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function logged(userId: string, action: string) {
  return h.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.action, action)));
}

function capture(userId: string): { events: ServerEvent[]; stop: () => void } {
  const events: ServerEvent[] = [];
  const stop = h.app.events.subscribe(userId, (event) => events.push(event));
  return { events, stop };
}

describe('saved searches: save, load, rename, delete', () => {
  let saved: SavedSearch;

  it('saves a search with its filters and logs save_saved_search', async () => {
    const response = await call(alice, 'POST', '/api/saved-searches', {
      name: 'React hourly',
      filters: { q: 'react', jobType: 'hourly', minScore: 50, sort: 'fit' },
      alert: false,
    });
    expect(response.statusCode).toBe(201);
    saved = response.json<SavedSearch>();
    expect(saved).toMatchObject({
      name: 'React hourly',
      alert: false,
      newMatches: 0,
      filters: { q: 'react', sort: 'fit' },
    });
    expect(await logged(alice.user.id, 'save_saved_search')).toHaveLength(1);
  });

  it('refuses a duplicate name (any case) with 409, and bad filters with 400', async () => {
    const dup = await call(alice, 'POST', '/api/saved-searches', {
      name: 'react HOURLY',
      filters: {},
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toMatch(/already have/);
    const bad = await call(alice, 'POST', '/api/saved-searches', {
      name: 'x',
      filters: { minScore: 500 },
    });
    expect(bad.statusCode).toBe(400);
    const empty = await call(alice, 'POST', '/api/saved-searches', { name: '  ', filters: {} });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toMatch(/Give the search a name/);
  });

  it('lists, renames and turns the alert on', async () => {
    const renamed = await call(alice, 'PATCH', `/api/saved-searches/${saved.id}`, {
      name: 'React (hourly)',
      alert: true,
    });
    expect(renamed.json()).toMatchObject({ name: 'React (hourly)', alert: true });
    const listed = await call(alice, 'GET', '/api/saved-searches');
    expect(listed.json().items.map((s: SavedSearch) => s.name)).toEqual(['React (hourly)']);
  });

  it('load answers the filters and logs load_saved_search', async () => {
    const response = await call(alice, 'POST', `/api/saved-searches/${saved.id}/load`);
    expect(response.json().filters).toMatchObject({ q: 'react', jobType: 'hourly' });
    expect(await logged(alice.user.id, 'load_saved_search')).toHaveLength(1);
  });

  it('another user’s saved search is invisible: 404 on every route, absent from the list', async () => {
    expect((await call(bob, 'GET', '/api/saved-searches')).json().items).toEqual([]);
    expect(
      (await call(bob, 'PATCH', `/api/saved-searches/${saved.id}`, { name: 'mine now' }))
        .statusCode,
    ).toBe(404);
    expect((await call(bob, 'POST', `/api/saved-searches/${saved.id}/load`)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
    const still = await call(alice, 'GET', '/api/saved-searches');
    expect(still.json().items[0].name).toBe('React (hourly)');
  });

  it('deletes and logs delete_saved_search', async () => {
    expect((await call(alice, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', '/api/saved-searches')).json().items).toEqual([]);
    expect(await logged(alice.user.id, 'delete_saved_search')).toHaveLength(1);
    expect((await call(alice, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
  });
});

describe('alerts: the poller notifies about new matches over server-sent events', () => {
  it('manual jobs: the first pass is silent about older jobs, a new match notifies its owner only', async () => {
    await call(alice, 'POST', '/api/jobs/manual', {
      text: 'Shopify theme fixes\nFix our Shopify product page layout please.',
    });
    const created = await call(alice, 'POST', '/api/saved-searches', {
      name: 'Shopify',
      filters: { q: 'shopify' },
      alert: true,
    });
    const search = created.json<SavedSearch>();
    const aliceEvents = capture(alice.user.id);
    const bobEvents = capture(bob.user.id);
    try {
      await pollSavedSearches(deps);
      expect(aliceEvents.events).toEqual([]);

      await call(alice, 'POST', '/api/jobs/manual', {
        text: 'Shopify app integration\nBuild a private Shopify app for our store.',
      });
      await call(bob, 'POST', '/api/jobs/manual', {
        text: 'Shopify store for Bob\nBob also wants a Shopify store built.',
      });
      await pollSavedSearches(deps);
      expect(aliceEvents.events).toHaveLength(1);
      expect(aliceEvents.events[0]).toMatchObject({
        type: 'notification',
        data: {
          title: '1 new job for “Shopify”',
          body: expect.stringContaining('Shopify app integration'),
          href: `/upwork-jobs?saved=${search.id}`,
        },
      });
      expect(bobEvents.events).toEqual([]);
      const listed = await call(alice, 'GET', '/api/saved-searches');
      expect(listed.json().items.find((s: SavedSearch) => s.id === search.id).newMatches).toBe(1);

      await pollSavedSearches(deps);
      expect(aliceEvents.events).toHaveLength(1);

      // The alert is stored: it is listed unread, with the same id the event carried.
      const stored = await call(alice, 'GET', '/api/notifications');
      expect(stored.json()).toMatchObject({
        unreadCount: 1,
        items: [
          {
            id: (aliceEvents.events[0]?.data as { id?: string } | undefined)?.id,
            kind: 'saved_search_match',
            title: '1 new job for “Shopify”',
            link: `/upwork-jobs?saved=${search.id}`,
            readAt: null,
          },
        ],
      });
      expect((await call(bob, 'GET', '/api/notifications')).json().unreadCount).toBe(0);
    } finally {
      aliceEvents.stop();
      bobEvents.stop();
    }
  });

  it('a job that appears before the first pass of a new search still notifies', async () => {
    await call(alice, 'POST', '/api/saved-searches', {
      name: 'Svelte',
      filters: { q: 'sveltekit' },
      alert: true,
    });
    await call(alice, 'POST', '/api/jobs/manual', {
      text: 'SvelteKit dashboard\nBuild a SvelteKit admin dashboard for our team.',
    });
    const events = capture(alice.user.id);
    try {
      await pollSavedSearches(deps);
      expect(events.events).toHaveLength(1);
      expect(events.events[0]).toMatchObject({
        data: { title: '1 new job for “Svelte”', body: expect.stringContaining('SvelteKit') },
      });
    } finally {
      events.stop();
    }
  });

  it('two processes polling the same search at once alert once', async () => {
    await call(alice, 'POST', '/api/saved-searches', {
      name: 'Elixir',
      filters: { q: 'elixir' },
      alert: true,
    });
    await pollSavedSearches(deps);
    await call(alice, 'POST', '/api/jobs/manual', {
      text: 'Elixir Phoenix API\nWe need an Elixir developer for a Phoenix API.',
    });
    const events = capture(alice.user.id);
    try {
      await Promise.all([pollSavedSearches(deps), pollSavedSearches(deps)]);
      expect(events.events.map((event) => event.data)).toEqual([
        expect.objectContaining({ title: '1 new job for “Elixir”' }),
      ]);
      const listed = await call(alice, 'GET', '/api/saved-searches');
      expect(listed.json().items.find((s: SavedSearch) => s.name === 'Elixir').newMatches).toBe(1);
    } finally {
      events.stop();
    }
  });

  it('connected users: the poll syncs Upwork, and a newly posted job notifies', async () => {
    const start = await call(bob, 'POST', '/api/upwork/connect');
    const redirect = await fetch(start.json().authorizeUrl, { redirect: 'manual' });
    const location = new URL(redirect.headers.get('location') ?? '');
    const connected = await call(bob, 'POST', '/api/upwork/callback', {
      code: location.searchParams.get('code'),
      state: location.searchParams.get('state'),
    });
    expect(connected.statusCode).toBe(200);
    await call(bob, 'POST', '/api/saved-searches', {
      name: 'Rust',
      filters: { q: 'rustlang' },
      alert: true,
    });
    const events = capture(bob.user.id);
    try {
      await pollSavedSearches(deps);
      expect(events.events).toEqual([]);
      sandbox.publishJob({
        title: 'Rustlang CLI tool for log parsing',
        description: 'We need a small rustlang command line tool.',
      });
      await pollSavedSearches(deps);
      expect(events.events).toHaveLength(1);
      expect(events.events[0]).toMatchObject({
        data: { body: expect.stringContaining('Rustlang CLI tool') },
      });
      // The poll fetched one search's jobs, not the feed: Browse Jobs still refreshes on opening.
      const afterPoll = await call(bob, 'GET', '/api/upwork/connection');
      expect(afterPoll.json()).toMatchObject({ status: 'connected', lastSyncAt: null });
      await call(bob, 'POST', '/api/upwork/sync', {});
      const afterSync = await call(bob, 'GET', '/api/upwork/connection');
      expect(afterSync.json().lastSyncAt).toEqual(expect.any(String));
    } finally {
      events.stop();
    }
  });
});
