import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MessageSyncResult, RoomThread } from '#contract/messages';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { startUpworkSandbox, type UpworkSandbox } from '#test-support/upwork-sandbox';
import { runUserRound } from '#test-support/user-round';

import { activities } from '../../db/schema/activities.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { leadEvents, leadLinks, leads } from '../../db/schema/leads.ts';
import {
  messageRooms,
  messageSettings,
  messages,
  upworkProposalLinks,
} from '../../db/schema/messages.ts';
import { responses } from '../../db/schema/responses.ts';
import type { ServerEvent } from '../../plugins/events.ts';
import { sharedLimiter } from '../upwork/service.ts';
import { messagePollRound, syncMessages, type MessageDeps } from './service.ts';

let sandbox: UpworkSandbox;
let h: Harness;
let alice: SignedIn;
let bob: SignedIn;
let deps: MessageDeps;
let responseId: string;
let jobId: string;

beforeAll(async () => {
  sandbox = await startUpworkSandbox({
    jobCount: 20,
    clientReplyAfterSeconds: 0.5,
    hireAfterSeconds: 3600,
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
  deps = {
    db: h.database.db,
    config: h.config,
    limiter: sharedLimiter(h.config),
    events: h.app.events,
  };
  alice = await h.signIn({ modules: ['upwork', 'response'], name: 'Dana Demo' });
  bob = await h.signIn({ modules: ['upwork'] });
  await connect(alice);
  // Alice sent a response to one of the sandbox's Upwork jobs.
  const posting = sandbox.jobs[0]!;
  const [job] = await h.database.db
    .insert(jobs)
    .values({
      userId: alice.user.id,
      source: 'upwork',
      externalId: posting.id,
      title: posting.title,
      description: posting.description,
    })
    .returning();
  jobId = job!.id;
  const [response] = await h.database.db
    .insert(responses)
    .values({
      userId: alice.user.id,
      jobId,
      job: {
        title: posting.title,
        description: posting.description,
        url: null,
        skills: [],
        screeningQuestions: [],
        clientName: null,
        budget: null,
      },
      jobTitle: posting.title,
      status: 'sent',
      sentAt: new Date(),
      text: 'Hi, I can build this.',
      bidMinor: 150_000,
    })
    .returning();
  responseId = response!.id;
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});

async function connect(who: SignedIn) {
  const start = await call(who, 'POST', '/api/upwork/connect');
  const redirect = await fetch(start.json<{ authorizeUrl: string }>().authorizeUrl, {
    redirect: 'manual',
  });
  const location = new URL(redirect.headers.get('location') ?? '');
  const done = await call(who, 'POST', '/api/upwork/callback', {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
  });
  expect(done.statusCode).toBe(200);
}

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

function capture(userId: string): { events: ServerEvent[]; stop: () => void } {
  const events: ServerEvent[] = [];
  const stop = h.app.events.subscribe(userId, (event) => events.push(event));
  return { events, stop };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function logged(userId: string, action: string) {
  return h.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.action, action)));
}

async function proposalRoom() {
  const rows = await h.database.db
    .select()
    .from(messageRooms)
    .where(and(eq(messageRooms.userId, alice.user.id), eq(messageRooms.responseId, responseId)));
  return rows[0];
}

describe('message sync', () => {
  let first: MessageSyncResult;

  it('the first sync stores the rooms, ties the sent proposal and publishes the unread count', async () => {
    const seen = capture(alice.user.id);
    try {
      first = await syncMessages(deps, alice.user.id, { reason: 'poll' });
    } finally {
      seen.stop();
    }
    expect(first.rooms).toBeGreaterThanOrEqual(3);
    expect(first.newMessages).toBeGreaterThan(0);
    const [link] = await h.database.db
      .select()
      .from(upworkProposalLinks)
      .where(eq(upworkProposalLinks.responseId, responseId));
    expect(link?.proposalExternalId).toBeTruthy();
    const unread = seen.events.filter((event) => event.type === 'messages_unread');
    expect(unread).toEqual([{ type: 'messages_unread', data: { count: first.unread } }]);
    expect(first.unread).toBeGreaterThan(0);
    const count = await call(alice, 'GET', '/api/messages/unread-count');
    expect(count.json()).toEqual({ count: first.unread });
  });

  it('the client’s reply to the proposal creates one lead linked to the response, room and job', async () => {
    await sleep(700);
    const seen = capture(alice.user.id);
    const result = await syncMessages(deps, alice.user.id, { reason: 'poll' }).finally(seen.stop);
    expect(result.newMessages).toBeGreaterThanOrEqual(1);
    const room = await proposalRoom();
    expect(room).toBeDefined();
    expect(room!.unread).toBe(1);
    expect(room!.leadId).toBeTruthy();
    const links = await h.database.db
      .select()
      .from(leadLinks)
      .where(eq(leadLinks.leadId, room!.leadId!));
    const kinds = new Map(links.map((link) => [link.kind, link.targetId]));
    expect(kinds.get('response')).toBe(responseId);
    expect(kinds.get('room')).toBe(room!.id);
    expect(kinds.get('job')).toBe(jobId);
    const forResponse = await h.database.db
      .select()
      .from(leadLinks)
      .where(and(eq(leadLinks.kind, 'response'), eq(leadLinks.targetId, responseId)));
    expect(forResponse).toHaveLength(1);
    const [response] = await h.database.db
      .select()
      .from(responses)
      .where(eq(responses.id, responseId));
    expect(response?.status).toBe('replied');
    expect(seen.events.at(-1)).toEqual({
      type: 'messages_unread',
      data: { count: result.unread },
    });

    const allLeads = await h.database.db
      .select()
      .from(leads)
      .where(eq(leads.userId, alice.user.id));
    expect(allLeads.filter((lead) => lead.roomId === room!.id)).toHaveLength(1);
  });

  it('a second sync with nothing new inserts nothing, creates no lead and publishes nothing', async () => {
    const count = async () =>
      (
        await h.database.db
          .select({ id: messages.id })
          .from(messages)
          .where(eq(messages.userId, alice.user.id))
      ).length;
    const before = await count();
    const seen = capture(alice.user.id);
    const again = await syncMessages(deps, alice.user.id, { reason: 'poll' }).finally(seen.stop);
    expect(again).toMatchObject({ newMessages: 0, leadsCreated: 0 });
    expect(await count()).toBe(before);
    expect(seen.events).toEqual([]);
  });

  it('lists rooms newest first, with search, the unread filter and cursor pages', async () => {
    const list = await call(alice, 'GET', '/api/messages/rooms');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.connected).toBe(true);
    expect(body.lastSyncAt).toBeTruthy();
    expect(body.replyTargetHours).toBe(24);
    const times = body.items.map((room: { lastMessageAt: string }) => room.lastMessageAt);
    expect([...times].sort().reverse()).toEqual(times);
    const room = await proposalRoom();
    expect(body.items[0].id).toBe(room!.id);
    expect(body.items[0]).toMatchObject({ awaitingReply: true, responseId, unread: 1 });

    const unreadOnly = await call(alice, 'GET', '/api/messages/rooms?unread=true');
    expect(unreadOnly.json().items.every((r: { unread: number }) => r.unread > 0)).toBe(true);
    const search = await call(
      alice,
      'GET',
      `/api/messages/rooms?q=${encodeURIComponent(room!.name.slice(0, 12))}`,
    );
    expect(search.json().items.map((r: { id: string }) => r.id)).toContain(room!.id);

    const page1 = await call(alice, 'GET', '/api/messages/rooms?limit=2');
    expect(page1.json().items).toHaveLength(2);
    const page2 = await call(
      alice,
      'GET',
      `/api/messages/rooms?limit=2&cursor=${page1.json().nextCursor}`,
    );
    expect(page2.json().items[0].id).toBe(body.items[2].id);
    const bad = await call(alice, 'GET', '/api/messages/rooms?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
  });

  it('opening a room zeroes its unread count, publishes the new total and logs view_messages', async () => {
    const room = await proposalRoom();
    const total = (await call(alice, 'GET', '/api/messages/unread-count')).json().count;
    const seen = capture(alice.user.id);
    const opened = await call(alice, 'GET', `/api/messages/rooms/${room!.id}`).finally(seen.stop);
    expect(opened.statusCode).toBe(200);
    const thread = opened.json<RoomThread>();
    expect(thread.room.unread).toBe(0);
    expect(thread.messages.at(-1)?.fromClient).toBe(true);
    expect(thread.context.response).toMatchObject({ id: responseId, status: 'replied' });
    expect(thread.context.lead?.id).toBe(room!.leadId);
    expect(seen.events).toEqual([{ type: 'messages_unread', data: { count: total - 1 } }]);
    expect((await logged(alice.user.id, 'view_messages')).length).toBe(1);
  });

  it('a new client message raises the count on the next sync and reaches the lead’s timeline', async () => {
    const room = await proposalRoom();
    sandbox.clientWrites(room!.externalId, 'One more thing: can you start on Monday?');
    const before = (await call(alice, 'GET', '/api/messages/unread-count')).json().count;
    const seen = capture(alice.user.id);
    await runUserRound(messagePollRound(deps)).finally(seen.stop);
    const room2 = await proposalRoom();
    expect(room2!.unread).toBe(1);
    expect(seen.events).toEqual([{ type: 'messages_unread', data: { count: before + 1 } }]);
    const timeline = await h.database.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, room2!.leadId!), eq(leadEvents.kind, 'message')));
    expect(timeline.map((event) => event.body)).toContain(
      'One more thing: can you start on Monday?',
    );
  });

  it('sends a reply through Upwork, keeps it and logs send_message', async () => {
    const room = await proposalRoom();
    const sent = await call(alice, 'POST', `/api/messages/rooms/${room!.id}/messages`, {
      body: 'Monday works. I will send a short plan before then.',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ fromClient: false, origin: 'bidwright' });
    expect(sandbox.sentStories.at(-1)).toMatchObject({
      roomId: room!.externalId,
      message: 'Monday works. I will send a short plan before then.',
    });
    const after = await proposalRoom();
    expect(after!.unread).toBe(0);
    expect(after!.latestPreview).toContain('Monday works');
    expect((await logged(alice.user.id, 'send_message')).length).toBe(1);
    // The next sync sees the story it sent and does not store it twice.
    await syncMessages(deps, alice.user.id, { reason: 'poll' });
    const stored = await h.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.roomId, room!.id), eq(messages.origin, 'bidwright')));
    expect(stored).toHaveLength(1);
    const empty = await call(alice, 'POST', `/api/messages/rooms/${room!.id}/messages`, {
      body: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toBeDefined();
  });

  it('refresh syncs now, logs refresh_messages and refuses a second one moments later', async () => {
    const refreshed = await call(alice, 'POST', '/api/messages/refresh');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ newMessages: expect.any(Number) });
    expect((await logged(alice.user.id, 'refresh_messages')).length).toBe(1);
    const again = await call(alice, 'POST', '/api/messages/refresh');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(5);
    expect(again.json().error.message).toMatch(/checked a moment ago/);
  });

  it('"create lead" answers the room’s lead without making a second one', async () => {
    const room = await proposalRoom();
    const made = await call(alice, 'POST', `/api/messages/rooms/${room!.id}/lead`);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({ leadId: room!.leadId, created: false });
  });

  it('drafts a reply offline when no AI provider is set (streamed, nothing saved)', async () => {
    const room = await proposalRoom();
    const stored = await h.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.roomId, room!.id));
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/messages/rooms/${room!.id}/draft`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    const events = res.payload
      .split('\n\n')
      .filter((block) => block.startsWith('event: '))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)));
    expect(events.map((event) => event.type)).toEqual(['delta', 'done']);
    expect(events[1]).toMatchObject({ offline: true, checks: [] });
    expect(events[1].text).toMatch(/Best,\nDana Demo$/);
    const after = await h.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.roomId, room!.id));
    expect(after).toHaveLength(stored.length);
  });

  it('keeps the reply-time target', async () => {
    const put = await call(alice, 'PUT', '/api/messages/settings', { replyTargetHours: 8 });
    expect(put.json()).toEqual({ replyTargetHours: 8 });
    expect((await call(alice, 'GET', '/api/messages/settings')).json()).toEqual({
      replyTargetHours: 8,
    });
    const bad = await call(alice, 'PUT', '/api/messages/settings', { replyTargetHours: 0 });
    expect(bad.statusCode).toBe(400);
  });
});

describe('another user and a user without Upwork', () => {
  it('another user’s room answers 404 on every route', async () => {
    const room = await proposalRoom();
    const id = room!.id;
    for (const [method, url, payload] of [
      ['GET', `/api/messages/rooms/${id}`, undefined],
      ['POST', `/api/messages/rooms/${id}/messages`, { body: 'hello' }],
      ['POST', `/api/messages/rooms/${id}/lead`, undefined],
      ['POST', `/api/messages/rooms/${id}/draft`, undefined],
    ] as const) {
      const answer = await call(bob, method, url, payload);
      expect(answer.statusCode, url).toBe(404);
    }
  });

  it('not connected: the list says so and refresh answers 409 with a clear message', async () => {
    const list = await call(bob, 'GET', '/api/messages/rooms');
    expect(list.json()).toMatchObject({ items: [], connected: false, lastSyncAt: null });
    const refresh = await call(bob, 'POST', '/api/messages/refresh');
    expect(refresh.statusCode).toBe(409);
    expect(refresh.json().error).toMatchObject({
      code: 'upwork_not_connected',
      message: expect.stringContaining('Connect it in Settings'),
    });
    expect((await call(bob, 'GET', '/api/messages/unread-count')).json()).toEqual({ count: 0 });
  });

  it('an Upwork failure is kept as the last error and the poller carries on', async () => {
    sandbox.failNext({ status: 500 });
    const round = await runUserRound(messagePollRound(deps));
    expect(round.failed).toBe(1);
    const [kept] = await h.database.db
      .select()
      .from(messageSettings)
      .where(eq(messageSettings.userId, alice.user.id));
    expect(kept?.lastError).toBeTruthy();
    const next = await runUserRound(messagePollRound(deps));
    expect(next.failed).toBe(0);
    const [cleared] = await h.database.db
      .select()
      .from(messageSettings)
      .where(eq(messageSettings.userId, alice.user.id));
    expect(cleared?.lastError).toBeNull();
  });
});
