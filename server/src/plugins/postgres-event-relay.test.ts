import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PublishedServerEvent } from '#contract/events';
import { createHarness, type Harness } from '#test-support/server-harness';

import { notifyUser } from '../modules/notifications/service.ts';
import { createEventBus } from './events.ts';
import {
  decodeRelayMessage,
  encodeRelayMessage,
  EVENTS_CHANNEL,
  NOTIFY_PAYLOAD_LIMIT_BYTES,
  startPostgresEventRelay,
  type RelayLog,
} from './postgres-event-relay.ts';

/**
 * The relay's payloads: what it sends is what it reads back, and the largest event the server
 * publishes today fits in one notification, so the "too large" path is for future event types.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

let h: Harness;
let worstCase: string;

beforeAll(async () => {
  h = await createHarness();
  const member = await h.signIn();
  // The largest notification: every character of the longest title and body is one JSON
  // escapes as six bytes (a control character), and the link is the longest one built today.
  const published: PublishedServerEvent[] = [];
  const bus = createEventBus();
  bus.subscribe(member.user.id, (event) => published.push(event));
  await notifyUser(h.database.db, bus, {
    userId: member.user.id,
    kind: 'saved_search_match',
    title: '\u0001'.repeat(5000),
    body: '\u0001'.repeat(5000),
    link: `/upwork-jobs?saved=${randomUUID()}`,
  });
  const [event] = published;
  if (!event) throw new Error('notifyUser published nothing');
  worstCase = encodeRelayMessage({
    kind: 'event',
    origin: randomUUID(),
    userId: member.user.id,
    event,
  });
});
afterAll(async () => h?.close());

describe('relay payloads', () => {
  it('reads back what it sends', () => {
    const event: PublishedServerEvent = { type: 'messages_unread', data: { count: 3 } };
    const message = { kind: 'event' as const, origin: 'o-1', userId: 'u-1', event };
    expect(decodeRelayMessage(encodeRelayMessage(message))).toEqual(message);
    const close = { kind: 'close_user' as const, origin: 'o-1', userId: 'u-1' };
    expect(decodeRelayMessage(encodeRelayMessage(close))).toEqual(close);
  });

  it('drops payloads it does not understand', () => {
    expect(decodeRelayMessage('not json')).toBeNull();
    expect(decodeRelayMessage('{"v":2,"kind":"event"}')).toBeNull();
    expect(
      decodeRelayMessage(
        JSON.stringify({
          v: 1,
          kind: 'event',
          origin: 'o',
          userId: 'u',
          event: { type: 'ready', data: {} },
        }),
      ),
    ).toBeNull();
  });

  it('fits the largest notification the server publishes in one NOTIFY payload', () => {
    expect(Buffer.byteLength(worstCase, 'utf8')).toBeLessThan(NOTIFY_PAYLOAD_LIMIT_BYTES);
  });

  it.skipIf(!onPostgres)('matches the limit PostgreSQL enforces', async () => {
    const pubsub = h.database.pubsub;
    if (!pubsub) throw new Error('the postgres engine has no pubsub');
    await expect(pubsub.notify(EVENTS_CHANNEL, worstCase)).resolves.toBeUndefined();
    await expect(
      pubsub.notify(EVENTS_CHANNEL, 'x'.repeat(NOTIFY_PAYLOAD_LIMIT_BYTES - 1)),
    ).resolves.toBeUndefined();
    await expect(
      pubsub.notify(EVENTS_CHANNEL, 'x'.repeat(NOTIFY_PAYLOAD_LIMIT_BYTES)),
    ).rejects.toThrow(/payload string too long/);
  });

  it.skipIf(onPostgres)('has no PostgreSQL signals on PGlite, so the bus stays in-process', () => {
    expect(h.database.engine).toBe('pglite');
    expect(h.database.pubsub).toBeUndefined();
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('relay without a database to listen to', () => {
  it('keeps trying with growing delays, logs each try, and stops when closed', async () => {
    const port = await closedPort();
    const warnings: Array<{ attempt?: number; retryInMs?: number }> = [];
    const log: RelayLog = {
      info: () => {},
      warn: (details: unknown) => {
        warnings.push(details as { attempt?: number; retryInMs?: number });
      },
    };
    const relay = await startPostgresEventRelay({
      pubsub: {
        notify: () => Promise.reject(new Error('no database')),
        dedicatedClient: () =>
          new pg.Client({ host: '127.0.0.1', port, user: 'nobody', connectionTimeoutMillis: 500 }),
      },
      log,
      deliver: () => {},
      closeUser: () => {},
      initialDelayMs: 20,
      maxDelayMs: 80,
    });
    // Sending while the database is away is logged once, not thrown.
    relay.send('u-1', { type: 'messages_unread', data: { count: 1 } });
    relay.send('u-1', { type: 'messages_unread', data: { count: 2 } });

    await expect
      .poll(() => warnings.filter((entry) => entry.attempt !== undefined).length)
      .toBeGreaterThanOrEqual(5);
    const delays = warnings.flatMap((entry) => (entry.retryInMs === undefined ? [] : [entry]));
    expect(delays.slice(0, 3).map((entry) => entry.attempt)).toEqual([1, 2, 3]);
    // Each wait is between half and all of a delay that doubles from 20 ms up to 80 ms.
    expect(delays[0]!.retryInMs).toBeLessThanOrEqual(20);
    expect(delays.every((entry) => entry.retryInMs! <= 80)).toBe(true);

    await relay.close();
    const notified = warnings.filter((entry) => JSON.stringify(entry).includes('no database'));
    expect(notified).toHaveLength(1);
    const after = warnings.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warnings.length).toBe(after);
  });
});
