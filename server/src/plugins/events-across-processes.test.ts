import type { AddressInfo } from 'node:net';

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PublishedServerEvent } from '#contract/events';
import {
  occurrences,
  openEventStream,
  type OpenEventStream,
} from '#test-support/event-stream-client';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { buildApp } from '../app.ts';
import { LISTENER_APPLICATION_NAME } from './postgres-event-relay.ts';

/**
 * Two API processes on one PostgreSQL database (here two app instances, each with its own relay
 * and listening connection): an event published on either reaches the user's streams on both,
 * once each. PGlite is one process, so these run only with TEST_DB=postgres.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
/** Long enough for a notification that was going to arrive to have arrived. */
const SETTLE_MS = 400;

/** The log line of a relay that listens again after its connection went away. */
const RESUMED = '"msg":"events: listening again"';

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

function notification(id: string, body = ''): PublishedServerEvent {
  return {
    type: 'notification',
    data: { id, title: `Title ${id}`, body, createdAt: '2026-11-24T10:00:00.000Z' },
  };
}

/** Every event the app hands to the user's subscribers from now on. */
function collect(app: FastifyInstance, userId: string): PublishedServerEvent[] {
  const received: PublishedServerEvent[] = [];
  app.events.subscribe(userId, (event) => received.push(event));
  return received;
}

const ids = (events: PublishedServerEvent[]) =>
  events.map((event) => (event.type === 'notification' ? event.data.id : event.type));

describe.skipIf(!onPostgres)('server events across API processes sharing PostgreSQL', () => {
  let h: Harness;
  let appB: FastifyInstance;
  let baseB: string;
  const linesA: string[] = [];
  const linesB: string[] = [];
  const streams: OpenEventStream[] = [];

  beforeAll(async () => {
    h = await createHarness({ logLines: linesA });
    appB = await buildApp(h.config, {
      database: h.database,
      logger: { level: 'info', stream: { write: (line) => linesB.push(line) } },
    });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.abort();
    await appB?.close();
    await h?.close();
  });

  const openOnB = async (user: SignedIn) => {
    const stream = await openEventStream(baseB, user.headers);
    streams.push(stream);
    return stream;
  };

  it('delivers an event published on one process to a subscriber and a stream on the other, once', async () => {
    const member = await h.signIn();
    const onB = collect(appB, member.user.id);
    const stream = await openOnB(member);

    h.app.events.publish(member.user.id, notification('a-to-b'));

    await expect.poll(() => ids(onB)).toEqual(['a-to-b']);
    await expect.poll(() => stream.received()).toContain('event: notification');
    await settle();
    expect(ids(onB)).toEqual(['a-to-b']);
    expect(occurrences(stream.received(), '"id":"a-to-b"')).toBe(1);
  });

  it('delivers on the publishing process at once, and only once', async () => {
    const member = await h.signIn();
    const onA = collect(h.app, member.user.id);
    const onB = collect(appB, member.user.id);

    h.app.events.publish(member.user.id, notification('own'));
    // Local delivery does not wait for the database.
    expect(ids(onA)).toEqual(['own']);

    // Once the other process has it, the notification has come back to this one's listener too.
    await expect.poll(() => ids(onB)).toEqual(['own']);
    await settle();
    expect(ids(onA)).toEqual(['own']);
  });

  it('keeps one process’s events in the order it published them', async () => {
    const member = await h.signIn();
    const onB = collect(appB, member.user.id);
    const sent = Array.from({ length: 20 }, (_, i) => `n-${i}`);
    for (const id of sent) h.app.events.publish(member.user.id, notification(id));
    await expect.poll(() => ids(onB)).toEqual(sent);
  });

  it('ends a user’s streams on every process when one process closes them', async () => {
    const admin = await h.signIn({ role: 'admin' });
    const member = await h.signIn();
    const stream = await openOnB(member);
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.user.id}/status`,
      headers: admin.headers,
      payload: { status: 'disabled' },
    });
    expect(response.statusCode).toBe(200);
    await stream.ended;
    expect(stream.received()).toContain('event: closed\ndata: {"reason":"account_closed"}');
    expect(appB.events.streamCount(member.user.id)).toBe(0);
  });

  it('delivers an event too large for NOTIFY on its own process only, and says so', async () => {
    const member = await h.signIn();
    const onA = collect(h.app, member.user.id);
    const onB = collect(appB, member.user.id);

    // 'é' is two bytes: the payload passes PostgreSQL's 8000-byte limit.
    h.app.events.publish(member.user.id, notification('large', 'é'.repeat(4500)));
    h.app.events.publish(member.user.id, notification('small'));

    expect(ids(onA)).toEqual(['large', 'small']);
    // Sends go out in order, so once the small one arrived the large one would have too.
    await expect.poll(() => ids(onB)).toEqual(['small']);
    expect(linesA.join('\n')).toContain('events: too large for NOTIFY');
  });

  it('listens again after its connection is terminated, and delivery resumes', async () => {
    const member = await h.signIn();
    const before = await openOnB(member);
    const resumedBefore = {
      a: occurrences(linesA.join('\n'), RESUMED),
      b: occurrences(linesB.join('\n'), RESUMED),
    };

    // Both processes' listening connections (the pools' connections have no such name).
    const terminated = (await h.database.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    )) as unknown as { rows: Array<{ ended: boolean }> };
    expect(terminated.rows).toEqual([{ ended: true }, { ended: true }]);

    await expect
      .poll(() => occurrences(linesA.join('\n'), RESUMED), { timeout: 10_000 })
      .toBe(resumedBefore.a + 1);
    await expect
      .poll(() => occurrences(linesB.join('\n'), RESUMED), { timeout: 10_000 })
      .toBe(resumedBefore.b + 1);

    // Events sent while it was not listening are lost: its streams end, so each tab reconnects
    // and reloads what it reloads on a reconnect.
    await before.ended;
    expect(before.received()).toContain('event: closed\ndata: {"reason":"server_closing"}');

    const onA = collect(h.app, member.user.id);
    const onB = collect(appB, member.user.id);
    const after = await openOnB(member);
    h.app.events.publish(member.user.id, notification('a-after'));
    appB.events.publish(member.user.id, notification('b-after'));

    await expect.poll(() => ids(onB)).toEqual(['b-after', 'a-after']);
    await expect.poll(() => ids(onA)).toEqual(['a-after', 'b-after']);
    await expect.poll(() => occurrences(after.received(), 'event: notification')).toBe(2);
    await settle();
    expect(ids(onA)).toHaveLength(2);
    expect(ids(onB)).toHaveLength(2);
    expect(occurrences(after.received(), 'event: notification')).toBe(2);

    // The logs name what happened without the connection's secrets.
    const password = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://x').password;
    const logs = [...linesA, ...linesB].join('\n');
    expect(logs).toContain('events: listening connection failed');
    if (password) expect(logs).not.toContain(password);
  });
});
