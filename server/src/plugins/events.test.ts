import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openEventStream, type OpenEventStream } from '#test-support/event-stream-client';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

/** GET /api/events on a listening server: a cap per user, and streams end with the account. */
const CAP = 3;
const PROMPTLY_MS = 3_000;

let h: Harness;
let admin: SignedIn;
let base: string;

beforeAll(async () => {
  h = await createHarness({ env: { EVENT_STREAMS_PER_USER: String(CAP) } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  admin = await h.signIn({ role: 'admin' });
});
afterAll(async () => h.close());

type OpenStream = OpenEventStream;

const openStream = (user: SignedIn): Promise<OpenStream> => openEventStream(base, user.headers);

/** Resolves true when the stream ends within `ms`, false when it is still open. */
async function endsWithin(stream: OpenStream, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([stream.ended.then(() => true as const), timeout]);
  clearTimeout(timer);
  return result;
}

describe('event streams per user', () => {
  it('closes the oldest stream when one more than the cap opens', async () => {
    const member = await h.signIn();
    const streams: OpenStream[] = [];
    for (let i = 0; i < CAP; i += 1) streams.push(await openStream(member));
    expect(h.app.events.streamCount(member.user.id)).toBe(CAP);

    const newest = await openStream(member);
    expect(await endsWithin(streams[0]!, PROMPTLY_MS)).toBe(true);
    // Its last words say why, so the client waits instead of pushing the newer one out.
    expect(streams[0]!.received()).toContain('event: closed\ndata: {"reason":"replaced"}');
    expect(h.app.events.streamCount(member.user.id)).toBe(CAP);
    for (const stream of [...streams.slice(1), newest]) expect(stream.isEnded()).toBe(false);

    // The streams left open still receive the user's events.
    h.app.events.publish(member.user.id, {
      type: 'notification',
      data: { id: 'n-1', title: 'One', body: '', createdAt: '2026-11-22T02:00:00.000Z' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(newest.received()).toContain('event: notification');
    expect(streams[0]!.received()).not.toContain('event: notification');
    for (const stream of [...streams, newest]) stream.abort();
  });

  it('counts each user on their own', async () => {
    const first = await h.signIn();
    const second = await h.signIn();
    const streams = [];
    for (let i = 0; i < CAP; i += 1) streams.push(await openStream(first));
    const other = await openStream(second);
    expect(await endsWithin(streams[0]!, 300)).toBe(false);
    expect(h.app.events.streamCount(first.user.id)).toBe(CAP);
    expect(h.app.events.streamCount(second.user.id)).toBe(1);
    for (const stream of [...streams, other]) stream.abort();
  });

  it('forgets a stream the client closed', async () => {
    const member = await h.signIn();
    const stream = await openStream(member);
    expect(h.app.events.streamCount(member.user.id)).toBe(1);
    stream.abort();
    await stream.ended;
    await expect.poll(() => h.app.events.streamCount(member.user.id)).toBe(0);
  });
});

describe('event streams end with the account', () => {
  it('ends every stream of a user an admin disables', async () => {
    const member = await h.signIn();
    const streams = [await openStream(member), await openStream(member)];
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.user.id}/status`,
      headers: admin.headers,
      payload: { status: 'disabled' },
    });
    expect(response.statusCode).toBe(200);
    for (const stream of streams) expect(await endsWithin(stream, PROMPTLY_MS)).toBe(true);
    expect(h.app.events.streamCount(member.user.id)).toBe(0);
  });

  it('keeps the streams of a user an admin enables', async () => {
    const member = await h.signIn();
    const stream = await openStream(member);
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.user.id}/status`,
      headers: admin.headers,
      payload: { status: 'active' },
    });
    expect(response.statusCode).toBe(200);
    expect(await endsWithin(stream, 300)).toBe(false);
    stream.abort();
  });

  it('ends every stream of a user an admin deletes', async () => {
    const member = await h.signIn();
    const stream = await openStream(member);
    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${member.user.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(await endsWithin(stream, PROMPTLY_MS)).toBe(true);
    expect(h.app.events.streamCount(member.user.id)).toBe(0);
  });
});
