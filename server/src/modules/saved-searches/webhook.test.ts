import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SavedSearch } from '#contract/saved-searches';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { exportUserData } from '../../db/user-data-export.ts';
import { activities } from '../../db/schema/activities.ts';
import { savedSearches } from '../../db/schema/saved-searches.ts';
import { sharedLimiter } from '../upwork/service.ts';
import { pollSavedSearches, type PollDeps } from './service.ts';
import { postToWebhook } from './webhook-delivery.ts';

/**
 * A saved search may post its alerts to a webhook (Slack, Telegram). The URL is a credential:
 * sealed at rest, shown masked, kept out of logs, activity and exports; it may not reach
 * internal addresses unless the server allows them for tests.
 */

type Received = { path: string; contentType: string | undefined; body: unknown };
type Receiver = {
  server: Server;
  url: string;
  received: Received[];
  answer: (res: ServerResponse) => void;
};

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body: JSON.parse(body || 'null'),
      });
      receiver.answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    },
  };
  return receiver;
}

const SECRET_PATH = '/services/T000/B000/hook-secret-xyz';

const call = (
  h: Harness,
  who: SignedIn,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('webhook delivery (private addresses allowed for the test receiver)', () => {
  let h: Harness;
  let alice: SignedIn;
  let bob: SignedIn;
  let receiver: Receiver;
  let deps: PollDeps;
  const logLines: string[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    h = await createHarness({
      env: { AI_ALLOW_PRIVATE_BASE_URL: 'true', SAVED_SEARCH_POLL_SECONDS: '0' },
      logLines,
    });
    alice = await h.signIn({ modules: ['upwork'] });
    bob = await h.signIn({ modules: ['upwork'] });
    deps = {
      db: h.database.db,
      config: h.config,
      limiter: sharedLimiter(h.config),
      events: h.app.events,
      log: h.app.log,
    };
  });
  afterAll(async () => {
    await h.close();
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  let search: SavedSearch;
  const hookUrl = () => `${receiver.url}${SECRET_PATH}`;

  it('saves the URL sealed and answers it masked; the activity log only says one is set', async () => {
    const created = await call(h, alice, 'POST', '/api/saved-searches', {
      name: 'Elixir',
      filters: { q: 'elixir' },
      alert: true,
      webhookUrl: hookUrl(),
    });
    expect(created.statusCode).toBe(201);
    search = created.json<SavedSearch>();
    expect(search.webhook).toEqual({
      masked: `${new URL(receiver.url).host}/…`,
      lastDeliveryAt: null,
      lastDeliveryError: null,
    });
    expect(created.body).not.toContain('hook-secret-xyz');
    const [row] = await h.database.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, search.id));
    expect(row?.webhookUrlEncrypted).toMatch(/^v2\./);
    expect(row?.webhookUrlEncrypted).not.toContain('hook-secret-xyz');
    const logged = await h.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, alice.user.id), eq(activities.action, 'save_saved_search')));
    expect(JSON.stringify(logged)).not.toContain('hook-secret-xyz');
    expect(logged[0]?.details).toMatchObject({ webhook: 'set' });
  });

  it('a user data export leaves the URL out', async () => {
    const exported = await exportUserData(h.database.db, alice.user.id);
    const text = JSON.stringify(exported);
    expect(exported.saved_searches).toHaveLength(1);
    expect(text).not.toContain('hook-secret-xyz');
    expect(text).not.toContain('webhookUrlEncrypted');
  });

  it('"Send test message" posts { text } to the URL and answers 200', async () => {
    const response = await call(h, alice, 'POST', `/api/saved-searches/${search.id}/webhook-test`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ delivered: true, status: 200 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({
      path: SECRET_PATH,
      contentType: 'application/json',
      body: { text: expect.stringContaining('Elixir: test message') },
    });
  });

  it('the poller posts a new match as "<search>: <job title> <link>"', async () => {
    await pollSavedSearches(deps);
    const before = receiver.received.length;
    await call(h, alice, 'POST', '/api/jobs/manual', {
      text: 'Elixir Phoenix LiveView dashboard\nBuild an Elixir LiveView dashboard.',
      url: 'https://www.upwork.com/jobs/~01elixirdashboard',
    });
    await pollSavedSearches(deps);
    expect(receiver.received).toHaveLength(before + 1);
    const text = (receiver.received.at(-1)?.body as { text: string }).text;
    expect(text).toBe(
      'Elixir: Elixir Phoenix LiveView dashboard https://www.upwork.com/jobs/~01elixirdashboard',
    );
    const listed = await call(h, alice, 'GET', '/api/saved-searches');
    const stored = listed.json().items.find((item: SavedSearch) => item.id === search.id);
    expect(stored.webhook.lastDeliveryError).toBeNull();
    expect(stored.webhook.lastDeliveryAt).not.toBeNull();
  });

  it('a failing webhook is recorded on the search and never fails the poll; the test answers 422', async () => {
    receiver.answer = (res) => {
      res.writeHead(404).end('no_service');
    };
    await call(h, alice, 'POST', '/api/jobs/manual', {
      text: 'Elixir Nerves firmware\nElixir Nerves firmware for a sensor board.',
    });
    const result = await pollSavedSearches(deps);
    expect(result.notified).toBe(1);
    const listed = await call(h, alice, 'GET', '/api/saved-searches');
    const stored = listed.json().items.find((item: SavedSearch) => item.id === search.id);
    expect(stored.webhook.lastDeliveryError).toBe('The webhook answered HTTP 404: no_service');
    // The alert itself is stored as usual.
    const bell = await call(h, alice, 'GET', '/api/notifications');
    expect(bell.json().items[0].title).toBe('1 new job for “Elixir”');

    const test = await call(h, alice, 'POST', `/api/saved-searches/${search.id}/webhook-test`);
    expect(test.statusCode).toBe(422);
    expect(test.json().error.message).toBe('The webhook answered HTTP 404: no_service');
    receiver.answer = (res) => {
      res.writeHead(200).end('ok');
    };
  });

  it('a webhook that does not answer fails after the timeout, with a plain reason', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
    try {
      const outcome = await postToWebhook(url, 'hello', h.config, 200);
      expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/did not answer/) });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('the URL never reaches the logs', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain('hook-secret-xyz');
  });

  it('removing the webhook clears it; a test then answers 400', async () => {
    const removed = await call(h, alice, 'PATCH', `/api/saved-searches/${search.id}`, {
      webhookUrl: null,
    });
    expect(removed.json().webhook).toBeNull();
    const test = await call(h, alice, 'POST', `/api/saved-searches/${search.id}/webhook-test`);
    expect(test.statusCode).toBe(400);
    expect(test.json().error.message).toMatch(/no webhook URL/);
  });

  it('another user cannot test or change the webhook (404)', async () => {
    const test = await call(h, bob, 'POST', `/api/saved-searches/${search.id}/webhook-test`);
    expect(test.statusCode).toBe(404);
    const patch = await call(h, bob, 'PATCH', `/api/saved-searches/${search.id}`, {
      webhookUrl: 'https://hooks.slack.com/services/x',
    });
    expect(patch.statusCode).toBe(404);
  });

  it('refuses file:, ftp:, over-long and link-local URLs with 400', async () => {
    for (const webhookUrl of [
      'file:///etc/passwd',
      'ftp://example.com/hook',
      `https://example.com/${'a'.repeat(2000)}`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const response = await call(h, alice, 'PATCH', `/api/saved-searches/${search.id}`, {
        webhookUrl,
      });
      expect(response.statusCode, webhookUrl.slice(0, 40)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});

describe('webhook URLs without AI_ALLOW_PRIVATE_BASE_URL', () => {
  let h: Harness;
  let alice: SignedIn;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    h = await createHarness({
      env: { AI_ALLOW_PRIVATE_BASE_URL: 'false', SAVED_SEARCH_POLL_SECONDS: '0' },
    });
    alice = await h.signIn({ modules: ['upwork'] });
  });
  afterAll(async () => {
    await h.close();
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  it.each([
    ['loopback over https', () => `https://127.0.0.1:${new URL(receiver.url).port}/hook`],
    ['localhost', () => 'https://localhost/hook'],
    ['a private network', () => 'https://10.0.0.5/hook'],
    ['plain http', () => 'http://203.0.113.7/hook'],
  ])('refuses %s with a plain 400, and nothing is sent', async (_label, url) => {
    const response = await call(h, alice, 'POST', '/api/saved-searches', {
      name: `Hook ${_label}`,
      filters: {},
      webhookUrl: url(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/loopback|private network|must start with https/);
    expect(response.json().error.message).not.toContain('/hook');
    expect(receiver.received).toEqual([]);
  });

  it('delivery re-checks the address: a stored loopback URL is refused when posting', async () => {
    const outcome = await postToWebhook(`${receiver.url}/hook`, 'hello', h.config);
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringMatching(/loopback or private network address/),
    });
    expect(receiver.received).toEqual([]);
  });
});
