import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { startUpworkSandbox, type UpworkSandbox } from '#test-support/upwork-sandbox';

import { HttpError } from '../../http-error.ts';
import { RateLimiter } from '../../integrations/upwork/rate-limiter.ts';
import type { UpworkDeps } from './deps.ts';
import {
  connectedUpworkUserId,
  fetchUpworkTransactions,
  findUpworkVendorProposal,
  listUpworkContracts,
  listUpworkRoomStories,
  listUpworkRooms,
  sendUpworkRoomStory,
  sharedLimiter,
} from './service.ts';

let sandbox: UpworkSandbox;
let h: Harness;
let alice: SignedIn;
let deps: UpworkDeps;

const DAY = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

beforeAll(async () => {
  sandbox = await startUpworkSandbox({
    jobCount: 40,
    clientReplyAfterSeconds: 0.15,
    hireAfterSeconds: 0.3,
  });
  h = await createHarness({
    env: {
      UPWORK_CLIENT_ID: sandbox.clientId,
      UPWORK_CLIENT_SECRET: sandbox.clientSecret,
      UPWORK_AUTHORIZE_URL: sandbox.authorizeUrl,
      UPWORK_TOKEN_URL: sandbox.tokenUrl,
      UPWORK_GRAPHQL_URL: sandbox.graphqlUrl,
      UPWORK_REQUESTS_PER_SECOND: '100',
      SAVED_SEARCH_POLL_SECONDS: '0',
      MESSAGE_POLL_SECONDS: '0',
      TRANSACTION_SYNC_SECONDS: '0',
      LEAD_DUE_CHECK_SECONDS: '0',
    },
  });
  deps = { db: h.database.db, config: h.config, limiter: sharedLimiter(h.config) };
  alice = await h.signIn({ modules: ['upwork'] });
  await connect(alice);
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});

/** The OAuth flow through the API, following the sandbox's redirect as the browser would. */
async function connect(who: SignedIn) {
  const start = await h.app.inject({
    method: 'POST',
    url: '/api/upwork/connect',
    headers: who.headers,
  });
  const redirect = await fetch(start.json<{ authorizeUrl: string }>().authorizeUrl, {
    redirect: 'manual',
  });
  const location = new URL(redirect.headers.get('location') ?? '');
  const done = await h.app.inject({
    method: 'POST',
    url: '/api/upwork/callback',
    headers: who.headers,
    payload: {
      code: location.searchParams.get('code') ?? '',
      state: location.searchParams.get('state') ?? '',
    },
  });
  expect(done.statusCode).toBe(200);
}

async function httpError(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

async function eventually<T>(read: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const operations = (name: string) => sandbox.requests.filter((r) => r.operation === name).length;

describe('connection', () => {
  it('a user without Upwork gets 409 upwork_not_connected, and no Upwork user id', async () => {
    const bob = await h.signIn({ modules: ['upwork'] });
    expect(await connectedUpworkUserId(deps.db, bob.user.id)).toBeNull();
    // Each call starts only when awaited, so no refusal is left unhandled while another runs.
    for (const call of [
      () => listUpworkRooms(deps, bob.user.id, {}),
      () => listUpworkContracts(deps, bob.user.id),
      () => fetchUpworkTransactions(deps, bob.user.id, { from: '2024-01-01', to: '2024-01-31' }),
    ]) {
      const error = await httpError(call());
      expect(error.statusCode).toBe(409);
      expect(error.code).toBe('upwork_not_connected');
    }
  });

  it('the connected freelancer has their Upwork user id', async () => {
    expect(await connectedUpworkUserId(deps.db, alice.user.id)).toBe('sandbox-user-1');
  });
});

describe('rooms and stories', () => {
  it('lists the seeded rooms with their client (the participant who is not the freelancer)', async () => {
    const rooms = await listUpworkRooms(deps, alice.user.id, {});
    expect(rooms).toHaveLength(3);
    const maya = rooms.find((room) => room.clientName === 'Maya C.');
    expect(maya).toMatchObject({
      clientUserId: 'client-seed-1',
      numUnread: 1,
      roomType: 'ONE_ON_ONE',
      objectReferenceId: null,
    });
    expect(maya?.latestStory?.message).toContain('blog section');
    expect(maya?.latestStory?.createdAt).toBeInstanceOf(Date);
    expect(rooms.find((room) => room.clientName === 'Tom B.')?.contractId).toBe('41000002');
  });

  it('follows every page', async () => {
    const base = sandbox.rooms[0];
    if (!base) throw new Error('no seeded room');
    const extra = Array.from({ length: 70 }, (_, i) => ({
      ...base,
      id: `399${String(i).padStart(4, '0')}`,
      numUnread: 0,
    }));
    sandbox.rooms.push(...extra);
    const before = operations('roomList');
    try {
      const rooms = await listUpworkRooms(deps, alice.user.id, {});
      expect(rooms).toHaveLength(73);
      expect(new Set(rooms.map((room) => room.id)).size).toBe(73);
      expect(operations('roomList') - before).toBe(2);
    } finally {
      sandbox.rooms.splice(sandbox.rooms.length - extra.length, extra.length);
    }
  });

  it('with activeSince lists only the rooms active since then', async () => {
    const rooms = await listUpworkRooms(deps, alice.user.id, {
      activeSince: new Date(Date.now() - 20 * DAY),
    });
    expect(rooms.map((room) => room.clientName)).toEqual(['Priya N.']);
    expect(
      await listUpworkRooms(deps, alice.user.id, { activeSince: new Date(Date.now() + DAY) }),
    ).toEqual([]);
  });

  it('answers a room stories oldest first, and only those since a time when asked', async () => {
    const tom = sandbox.rooms.find((room) => room.client.name === 'Tom B.');
    if (!tom) throw new Error('no room');
    const stories = await listUpworkRoomStories(deps, alice.user.id, tom.id, {});
    expect(stories).toHaveLength(4);
    const times = stories.map((story) => story.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(stories[0]).toMatchObject({ userId: 'client-seed-2', userName: 'Tom B.' });
    expect(stories[1]).toMatchObject({ userId: 'sandbox-user-1', userName: 'Dana Demo' });

    const since = stories[2]?.createdAt;
    const later = await listUpworkRoomStories(deps, alice.user.id, tom.id, { since });
    expect(later.map((story) => story.id)).toEqual(stories.slice(2).map((story) => story.id));
  });

  it('sends a message: the sandbox records it, it is in the room, and the room reads as read', async () => {
    const maya = sandbox.rooms.find((room) => room.client.name === 'Maya C.');
    if (!maya) throw new Error('no room');
    const sent = await sendUpworkRoomStory(deps, alice.user.id, maya.id, 'April works for me.');
    expect(sent.createdAt).toBeInstanceOf(Date);
    expect(sandbox.sentStories.at(-1)).toMatchObject({
      id: sent.id,
      roomId: maya.id,
      message: 'April works for me.',
    });
    const stories = await listUpworkRoomStories(deps, alice.user.id, maya.id, {});
    expect(stories.at(-1)).toMatchObject({ id: sent.id, userId: 'sandbox-user-1' });
    const rooms = await listUpworkRooms(deps, alice.user.id, {});
    expect(rooms.find((room) => room.id === maya.id)?.numUnread).toBe(0);
  });

  it('refuses an empty message with 400, and an unknown room as an Upwork failure', async () => {
    const empty = await httpError(sendUpworkRoomStory(deps, alice.user.id, '310000001', '  '));
    expect(empty.statusCode).toBe(400);
    const unknown = await httpError(listUpworkRoomStories(deps, alice.user.id, 'nope', {}));
    expect(unknown.statusCode).toBe(502);
    expect(unknown.message).toContain('Room not found');
  });

  it('a client message written through the sandbox door is unread', async () => {
    const priya = sandbox.rooms.find((room) => room.client.name === 'Priya N.');
    if (!priya) throw new Error('no room');
    const response = await fetch(`${sandbox.url}/sandbox/rooms/${priya.id}/stories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Next month, ideally.' }),
    });
    expect(response.status).toBe(201);
    const room = (await listUpworkRooms(deps, alice.user.id, {})).find((r) => r.id === priya.id);
    expect(room).toMatchObject({ numUnread: 1, latestStory: { message: 'Next month, ideally.' } });
    const sent = await fetch(`${sandbox.url}/sandbox/sent-stories`);
    expect((await sent.json()) as { items: unknown[] }).toMatchObject({
      items: [{ message: 'April works for me.' }],
    });
  });
});

describe('the simulated client', () => {
  it('a job with a proposal: the client writes in a proposal room, answers a reply, then hires', async () => {
    const job = sandbox.jobs.find((j) => Number(j.amount.rawValue) > 0);
    if (!job) throw new Error('no fixed-price job');
    const proposal = await findUpworkVendorProposal(deps, alice.user.id, job.id);
    expect(proposal).toMatchObject({ jobPostingId: job.id, status: 'Active' });
    // Asking again answers the same proposal and schedules nothing more.
    expect((await findUpworkVendorProposal(deps, alice.user.id, job.id))?.id).toBe(proposal?.id);
    expect(await findUpworkVendorProposal(deps, alice.user.id, 'no-such-job')).toBeNull();

    const room = await eventually(async () =>
      (await listUpworkRooms(deps, alice.user.id, {})).find(
        (r) => r.objectReferenceId === proposal?.id,
      ),
    );
    expect(room).toMatchObject({ roomName: job.title, numUnread: 1 });
    expect(room.clientName).toMatch(/^\w+ \w\.$/);
    const [first] = await listUpworkRoomStories(deps, alice.user.id, room.id, {});
    expect(first?.message).toBe(
      `Hi Dana, thanks for your proposal for ${job.title}. Could you share a similar project and your availability this week?`,
    );
    expect(sandbox.rooms.filter((r) => r.proposalId === proposal?.id)).toHaveLength(1);

    await sendUpworkRoomStory(deps, alice.user.id, room.id, 'Here is a similar dashboard I built.');
    const answer = await eventually(async () => {
      const stories = await listUpworkRoomStories(deps, alice.user.id, room.id, {});
      const last = stories.at(-1);
      return last && last.userId !== 'sandbox-user-1' ? last : undefined;
    });
    expect(answer.message).toMatch(/^Sounds good, Dana\./);

    const contract = await eventually(async () =>
      (await listUpworkContracts(deps, alice.user.id)).find((c) => c.jobPostingId === job.id),
    );
    const budget = Math.round(Number(job.amount.rawValue) * 100);
    expect(contract).toMatchObject({
      title: job.title,
      status: 'ACTIVE',
      type: 'fixed',
      amountMinor: budget,
      currency: 'USD',
      startDate: dayOf(new Date()),
    });
    const today = dayOf(new Date());
    const rows = (
      await fetchUpworkTransactions(deps, alice.user.id, { from: today, to: today })
    ).filter((row) => row.contractId === contract.id);
    expect(rows.map((row) => row.amountMinor).sort((a, b) => a - b)).toEqual([
      -Math.round(budget / 10),
      budget,
    ]);
    // Only one reply per sent message, and one hire per job.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const stories = await listUpworkRoomStories(deps, alice.user.id, room.id, {});
    expect(stories).toHaveLength(3);
    expect(sandbox.contracts.filter((c) => c.jobId === job.id)).toHaveLength(1);
  });
});

describe('contracts and transactions', () => {
  it('maps the seeded contracts: a fixed amount and an hourly rate in minor units', async () => {
    const contracts = await listUpworkContracts(deps, alice.user.id);
    expect(contracts.find((c) => c.id === '41000001')).toMatchObject({
      type: 'fixed',
      amountMinor: 240_000,
      currency: 'USD',
      status: 'CLOSED',
      clientName: 'Brightline Studio',
      offerId: '52000001',
      jobPostingId: null,
    });
    expect(contracts.find((c) => c.id === '41000002')).toMatchObject({
      type: 'hourly',
      amountMinor: 7_500,
      status: 'ACTIVE',
      clientName: 'Northwind Logistics',
    });
  });

  it('maps the ledger: signs, fees of 10%, the contract from the description, stable ids', async () => {
    const range = { from: dayOf(new Date(Date.now() - 200 * DAY)), to: dayOf(new Date()) };
    const rows = (await fetchUpworkTransactions(deps, alice.user.id, range)).filter((row) =>
      row.recordId.startsWith('81'),
    );
    expect(rows).toHaveLength(24);
    const income = rows.filter((row) => row.type === 'Hourly' || row.type === 'Fixed Price');
    const fees = rows.filter((row) => row.type === 'Service Fee');
    expect(income).toHaveLength(11);
    expect(fees).toHaveLength(11);
    for (const row of income) expect(row.amountMinor).toBeGreaterThan(0);
    for (const [i, fee] of fees.entries())
      expect(fee.amountMinor).toBe(-Math.round((income[i]?.amountMinor ?? 0) / 10));
    expect(rows.find((row) => row.type === 'Withdrawal')).toMatchObject({ contractId: null });
    expect(rows.find((row) => row.type === 'Withdrawal')?.amountMinor).toBeLessThan(0);
    expect(rows.find((row) => row.type === 'Refund')).toMatchObject({
      contractId: '41000001',
      amountMinor: -15_000,
    });
    expect(new Set(income.map((row) => row.contractId))).toEqual(new Set(['41000001', '41000002']));
    const again = await fetchUpworkTransactions(deps, alice.user.id, range);
    expect(again.filter((row) => row.recordId.startsWith('81'))).toEqual(rows);
  });

  it('answers only the days asked for, and refuses a bad range with 400', async () => {
    const far = await fetchUpworkTransactions(deps, alice.user.id, {
      from: '2001-01-01',
      to: '2001-12-31',
    });
    expect(far).toEqual([]);
    for (const range of [
      { from: '2024-02-30', to: '2024-03-01' },
      { from: '2024-03-02', to: '2024-03-01' },
      { from: 'yesterday', to: '2024-03-01' },
    ]) {
      const error = await httpError(fetchUpworkTransactions(deps, alice.user.id, range));
      expect(error.statusCode).toBe(400);
    }
  });
});

describe('Upwork failures', () => {
  it('a short 429 is waited out and retried', async () => {
    sandbox.failNext({ status: 429, retryAfter: 0 });
    expect(await listUpworkContracts(deps, alice.user.id)).not.toHaveLength(0);
  });

  it('a long 429 is a clear 429 error', async () => {
    // Its own limiter: the pause a long 429 sets must not hold the other tests.
    const own = { ...deps, limiter: new RateLimiter(100) };
    sandbox.failNext({ status: 429, retryAfter: 3600 });
    const error = await httpError(listUpworkRooms(own, alice.user.id, {}));
    expect(error.statusCode).toBe(429);
    expect(error.message).toMatch(/rate limiting.*3600 s/);
  });

  it('a missing scope names the permission to add', async () => {
    sandbox.setMissingScope(true);
    try {
      const error = await httpError(
        fetchUpworkTransactions(deps, alice.user.id, {
          from: '2024-01-01',
          to: '2024-01-02',
        }),
      );
      expect(error.statusCode).toBe(409);
      expect(error.code).toBe('upwork_missing_scope');
      expect(error.message).toContain('Transaction History');
      const rooms = await httpError(listUpworkRooms(deps, alice.user.id, {}));
      expect(rooms.message).toContain('Messaging');
    } finally {
      sandbox.setMissingScope(false);
    }
  });
});

describe('the bench ledger', () => {
  it('transactionCount rows over the past year, with the same record ids for the same seed', async () => {
    const [one, two] = await Promise.all([
      startUpworkSandbox({ jobCount: 1, transactionCount: 5000 }),
      startUpworkSandbox({ jobCount: 1, transactionCount: 5000 }),
    ]);
    try {
      expect(one.transactions).toHaveLength(5000);
      expect(new Set(one.transactions.map((t) => t.recordId)).size).toBe(5000);
      expect(two.transactions.map((t) => t.recordId)).toEqual(
        one.transactions.map((t) => t.recordId),
      );
      const yearAgo = dayOf(new Date(Date.now() - 366 * DAY));
      expect(one.transactions.every((t) => t.date >= yearAgo && t.date <= dayOf(new Date()))).toBe(
        true,
      );
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
