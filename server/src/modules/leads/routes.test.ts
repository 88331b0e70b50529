import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Lead, LeadDetail } from '#contract/leads';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { leads } from '../../db/schema/leads.ts';
import { insertJob } from '../responses/test-helpers.ts';
import { purgeExpiredLeads } from './service.ts';

let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  alice = await h.signIn();
  bob = await h.signIn();
});
afterAll(async () => {
  await h.close();
});

async function create(who: SignedIn, payload: Record<string, unknown>): Promise<Lead> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: who.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Lead;
}

async function detail(who: SignedIn, id: string): Promise<LeadDetail> {
  const res = await h.app.inject({ method: 'GET', url: `/api/leads/${id}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LeadDetail;
}

async function actionsOf(who: SignedIn): Promise<string[]> {
  const rows = await h.database.db
    .select({ action: activities.action })
    .from(activities)
    .where(eq(activities.userId, who.user.id));
  return rows.map((row) => row.action);
}

describe('leads CRUD', () => {
  it('creates a lead with defaults, the stage probability and a created event', async () => {
    const lead = await create(alice, {
      contactName: '  Dana Whitfield ',
      company: 'Routewise',
      email: 'dana@routewise.io',
      valueMinor: 450_000,
      currency: 'usd',
      tags: ['saas', 'react'],
    });
    expect(lead).toMatchObject({
      contactName: 'Dana Whitfield',
      stage: 'new',
      source: 'other',
      probability: 10,
      currency: 'USD',
      tags: ['saas', 'react'],
    });
    const shown = await detail(alice, lead.id);
    expect(shown.events.map((e) => e.kind)).toEqual(['created']);
    expect(shown.client).toBeNull();
    expect(await actionsOf(alice)).toEqual(expect.arrayContaining(['create_lead', 'view_lead']));
  });

  it('answers 400 with clear messages for bad input', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: alice.headers,
      payload: { contactName: '', email: 'nope', currency: 'dollars', valueMinor: -5 },
    });
    expect(res.statusCode).toBe(400);
    const text = res.body;
    expect(text).toContain('Enter the contact name');
    expect(text).toContain('Enter a valid email address');
    expect(text).toContain('3-letter ISO code');
    expect(text).toContain('cannot be negative');
    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/leads?stage=maybe',
      headers: alice.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('links the job when created for one, and refuses another user’s job', async () => {
    const job = await insertJob(h.database.db, alice.user.id, {
      title: 'Fleet dashboard in React',
      description: 'Build it.',
    });
    const lead = await create(alice, { contactName: 'Jo', jobId: job.id });
    expect(lead.jobTitle).toBe('Fleet dashboard in React');
    const shown = await detail(alice, lead.id);
    expect(shown.links).toEqual([
      expect.objectContaining({ kind: 'job', targetId: job.id, title: 'Fleet dashboard in React' }),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: bob.headers,
      payload: { contactName: 'Jo', jobId: job.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it('records a stage change in the timeline and follows the stage probability', async () => {
    const lead = await create(alice, { contactName: 'Sam Ortiz' });
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead.id}`,
      headers: alice.headers,
      payload: { stage: 'qualified', nextAction: 'Send the estimate' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'qualified', probability: 40 });
    const kept = await h.app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead.id}`,
      headers: alice.headers,
      payload: { stage: 'proposal', probability: 35 },
    });
    expect(kept.json()).toMatchObject({ stage: 'proposal', probability: 35 });
    const shown = await detail(alice, lead.id);
    const stages = shown.events.filter((e) => e.kind === 'stage');
    expect(stages.map((e) => [e.fromStage, e.toStage])).toEqual([
      ['qualified', 'proposal'],
      ['new', 'qualified'],
    ]);
    expect(shown.events.some((e) => e.kind === 'updated' && e.body.includes('next action'))).toBe(
      true,
    );
  });

  it('adds notes newest first, and links a quote or response only when it is the user’s', async () => {
    const lead = await create(alice, { contactName: 'Noor' });
    for (const body of ['First call went well', 'Wants a fixed price']) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/notes`,
        headers: alice.headers,
        payload: { body },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const empty = await h.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/notes`,
      headers: alice.headers,
      payload: { body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write the note first');
    const notes = (await detail(alice, lead.id)).events.filter((e) => e.kind === 'note');
    expect(notes.map((e) => e.body)).toEqual(['Wants a fixed price', 'First call went well']);

    const bobsResponse = await h.app.inject({
      method: 'POST',
      url: '/api/responses',
      headers: (await h.signIn({ modules: ['response'] })).headers,
      payload: { job: { title: 'Not yours' }, text: 'Hello' },
    });
    expect(bobsResponse.statusCode).toBe(201);
    const foreign = await h.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/links`,
      headers: alice.headers,
      payload: { kind: 'response', targetId: bobsResponse.json<{ id: string }>().id },
    });
    expect(foreign.statusCode).toBe(404);
    const quote = await h.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/links`,
      headers: alice.headers,
      payload: { kind: 'quote', targetId: lead.id },
    });
    expect(quote.statusCode).toBe(404);
    expect(quote.json()).toMatchObject({ error: { message: 'Quote not found' } });
  });

  it('lists with search, filters, sorting, pagination and the total', async () => {
    const carol = await h.signIn();
    const names = [
      'Ada Lovelace',
      'Grace Hopper',
      'Alan Turing',
      'Edsger Dijkstra',
      'Barbara Liskov',
    ];
    for (const [index, name] of names.entries()) {
      await create(carol, {
        contactName: name,
        company: index === 1 ? 'Navy Compilers' : 'Research',
        source: index % 2 === 0 ? 'referral' : 'direct',
        valueMinor: (index + 1) * 1000,
        tags: index < 2 ? ['vip'] : [],
        nextActionDue: index === 4 ? '2020-01-01T00:00:00.000Z' : null,
      });
    }
    const get = async (query: string) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/leads${query}`,
        headers: carol.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: Lead[]; nextCursor: string | null; total: number };
    };
    expect((await get('?q=compilers')).items.map((l) => l.contactName)).toEqual(['Grace Hopper']);
    expect((await get('?source=referral')).total).toBe(3);
    expect((await get('?tag=vip')).total).toBe(2);
    expect((await get('?due=true')).items.map((l) => l.contactName)).toEqual(['Barbara Liskov']);
    const first = await get('?sort=name&dir=asc&limit=2');
    expect(first.items.map((l) => l.contactName)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(first.total).toBe(5);
    const second = await get(`?sort=name&dir=asc&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((l) => l.contactName)).toEqual(['Barbara Liskov', 'Edsger Dijkstra']);
    expect((await get('?sort=value&dir=desc&limit=1')).items[0]!.contactName).toBe(
      'Barbara Liskov',
    );
    const tags = await h.app.inject({
      method: 'GET',
      url: '/api/leads/tags',
      headers: carol.headers,
    });
    expect(tags.json()).toEqual({ tags: ['vip'] });
    const logged = await actionsOf(carol);
    expect(logged.filter((a) => a === 'search_lead')).toHaveLength(1);
    // Filtered first pages are logged; the second page of the same list is not.
    expect(logged.filter((a) => a === 'filter_lead')).toHaveLength(3);
  });

  it('deletes to the bin with undo, hides binned leads, and purges them after 30 days', async () => {
    const lead = await create(alice, { contactName: 'Binned Person' });
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/leads/${lead.id}`,
      headers: alice.headers,
    });
    expect(del.statusCode).toBe(200);
    const hidden = await h.app.inject({
      method: 'GET',
      url: `/api/leads/${lead.id}`,
      headers: alice.headers,
    });
    expect(hidden.statusCode).toBe(404);
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/leads?q=binned',
      headers: alice.headers,
    });
    expect(list.json()).toMatchObject({ total: 0 });
    const restored = await h.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/restore`,
      headers: alice.headers,
    });
    expect(restored.statusCode).toBe(200);
    expect((await detail(alice, lead.id)).lead.contactName).toBe('Binned Person');

    await h.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: alice.headers });
    await h.database.db
      .update(leads)
      .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(leads.id, lead.id));
    expect(await purgeExpiredLeads(h.database.db)).toBeGreaterThanOrEqual(1);
    const gone = await h.database.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, lead.id)));
    expect(gone).toHaveLength(0);
  });

  it('answers 404 on every route for another user’s lead', async () => {
    const lead = await create(alice, { contactName: 'Private Client' });
    const url = `/api/leads/${lead.id}`;
    const calls = [
      { method: 'GET', url },
      { method: 'PATCH', url, payload: { company: 'x' } },
      { method: 'POST', url: `${url}/move`, payload: { stage: 'won', beforeId: null } },
      { method: 'POST', url: `${url}/notes`, payload: { body: 'hi' } },
      { method: 'POST', url: `${url}/links`, payload: { kind: 'quote', targetId: lead.id } },
      { method: 'DELETE', url },
      { method: 'POST', url: `${url}/restore` },
      {
        method: 'POST',
        url: `${url}/convert`,
        payload: {
          clientName: 'x',
          contractTitle: 'y',
          type: 'fixed',
          amountMinor: 100,
          currency: 'USD',
          startDate: '2026-01-01',
        },
      },
    ] as const;
    for (const call of calls) {
      const res = await h.app.inject({ ...call, headers: bob.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    // Moving before another user's lead is a 404 too.
    const own = await create(bob, { contactName: 'Bob’s own' });
    const before = await h.app.inject({
      method: 'POST',
      url: `/api/leads/${own.id}/move`,
      headers: bob.headers,
      payload: { stage: 'new', beforeId: lead.id },
    });
    expect(before.statusCode).toBe(404);
    expect((await detail(alice, lead.id)).lead.company).toBe('');
  });
});
