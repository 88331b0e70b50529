import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LeadDetail } from '#contract/leads';
import type { Response } from '#contract/responses';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { leads } from '../../db/schema/leads.ts';
import { markRepliedByClient, responseSummaries } from '../responses/service.ts';
import { insertJob } from '../responses/test-helpers.ts';
import { addLeadMessageEvent, upsertLeadFromReply } from './service.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const TEXT = 'Hello, I have built three fleet dashboards in React and can start on Monday.';

async function sentResponse(who: SignedIn, title: string): Promise<Response> {
  const job = await insertJob(h.database.db, who.user.id, { title, description: 'A job.' });
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/responses',
    headers: who.headers,
    payload: { jobId: job.id, text: TEXT },
  });
  expect(created.statusCode, created.body).toBe(201);
  const response = created.json() as Response;
  await h.app.inject({
    method: 'PATCH',
    url: `/api/responses/${response.id}`,
    headers: who.headers,
    payload: { bidMinor: 250_000, currency: 'USD' },
  });
  const sent = await setStatus(who, response.id, 'sent');
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as Response;
}

function setStatus(who: SignedIn, id: string, status: string) {
  return h.app.inject({
    method: 'POST',
    url: `/api/responses/${id}/status`,
    headers: who.headers,
    payload: { status },
  });
}

async function liveLeads(who: SignedIn) {
  return h.database.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.userId, who.user.id), isNull(leads.deletedAt)));
}

describe('a reply opens the lead', () => {
  it('creates exactly one lead when a response is marked replied, twice included', async () => {
    const user = await h.signIn({ modules: ['response'] });
    const response = await sentResponse(user, 'Fleet dashboard in React');
    expect((await setStatus(user, response.id, 'replied')).statusCode).toBe(200);
    expect((await setStatus(user, response.id, 'replied')).statusCode).toBe(200);
    // Away and back again still leaves one lead.
    await setStatus(user, response.id, 'interview');
    await setStatus(user, response.id, 'replied');
    const found = await liveLeads(user);
    expect(found).toHaveLength(1);
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/leads/${found[0]!.id}`,
      headers: user.headers,
    });
    const detail = res.json() as LeadDetail;
    expect(detail.lead).toMatchObject({
      source: 'upwork',
      stage: 'new',
      jobId: response.jobId,
      jobTitle: 'Fleet dashboard in React',
      valueMinor: 250_000,
      currency: 'USD',
    });
    expect(detail.links.map((link) => link.kind).sort()).toEqual(['job', 'response']);
    expect(detail.events.filter((e) => e.kind === 'linked')).toHaveLength(2);
  });

  it('moves a sent response to replied when the client answers, and leaves other statuses', async () => {
    const user = await h.signIn({ modules: ['response'] });
    const response = await sentResponse(user, 'Data pipeline');
    await markRepliedByClient(h.database.db, user.user.id, response.id);
    await markRepliedByClient(h.database.db, user.user.id, response.id);
    const summaries = await responseSummaries(h.database.db, user.user.id, [response.id]);
    expect(summaries.get(response.id)).toMatchObject({
      status: 'replied',
      jobTitle: 'Data pipeline',
      jobSource: 'manual',
      bidMinor: 250_000,
    });
    expect(await liveLeads(user)).toHaveLength(1);
    const history = await h.app.inject({
      method: 'GET',
      url: `/api/responses/${response.id}/history`,
      headers: user.headers,
    });
    const events = (history.json() as { statusEvents: Array<{ toStatus: string }> }).statusEvents;
    expect(events.map((e) => e.toStatus)).toEqual(['draft', 'sent', 'replied']);
    // Another user's response is left alone.
    const other = await h.signIn();
    await markRepliedByClient(h.database.db, other.user.id, response.id);
    expect(await liveLeads(other)).toHaveLength(0);
  });
});

describe('upsertLeadFromReply', () => {
  it('finds the lead by response, room or Upwork client before it creates one', async () => {
    const user = await h.signIn();
    const db = h.database.db;
    const roomId = '5f0c3f7e-7a43-4f57-9f76-3f1b5a7c0a01';
    const responseId = '5f0c3f7e-7a43-4f57-9f76-3f1b5a7c0a02';
    const first = await upsertLeadFromReply(db, user.user.id, {
      contactName: 'Priya Shah',
      upworkClientId: 'client-42',
      room: { id: roomId, title: 'Priya Shah' },
      note: 'Hi! Can we talk tomorrow?',
    });
    expect(first.created).toBe(true);
    expect(first.lead).toMatchObject({ roomId, upworkClientId: 'client-42', source: 'upwork' });

    const same = await upsertLeadFromReply(db, user.user.id, {
      contactName: 'Priya Shah',
      room: { id: roomId, title: 'Priya Shah' },
    });
    expect(same).toMatchObject({ created: false, lead: { id: first.lead.id } });

    const byClient = await upsertLeadFromReply(db, user.user.id, {
      contactName: 'Priya S.',
      upworkClientId: 'client-42',
      response: { id: responseId, title: 'Mobile app', valueMinor: 90_000, currency: 'EUR' },
    });
    expect(byClient.created).toBe(false);
    expect(byClient.lead).toMatchObject({ id: first.lead.id, valueMinor: 90_000, currency: 'EUR' });

    const byResponse = await upsertLeadFromReply(db, user.user.id, {
      contactName: 'Someone else',
      response: { id: responseId, title: 'Mobile app' },
    });
    expect(byResponse).toMatchObject({ created: false, lead: { id: first.lead.id } });

    await addLeadMessageEvent(db, user.user.id, first.lead.id, 'Sounds good, send the contract.');
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/leads/${first.lead.id}`,
      headers: user.headers,
    });
    const detail = res.json() as LeadDetail;
    expect(detail.events[0]).toMatchObject({
      kind: 'message',
      body: 'Sounds good, send the contract.',
    });
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'created',
      body: 'Hi! Can we talk tomorrow?',
    });
    expect(detail.links.map((link) => link.kind)).toEqual(['room', 'response']);
    expect(await liveLeads(user)).toHaveLength(1);
  });
});
