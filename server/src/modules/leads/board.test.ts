import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Lead, LeadBoard, LeadDetail, LeadStage } from '#contract/leads';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { leads } from '../../db/schema/leads.ts';
import { insertLeadRows } from './repo.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

async function board(who: SignedIn, query = ''): Promise<LeadBoard> {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/leads/board${query}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LeadBoard;
}

function column(b: LeadBoard, stage: LeadStage): string[] {
  return b.columns.find((c) => c.stage === stage)!.items.map((lead) => lead.contactName);
}

async function move(who: SignedIn, id: string, stage: LeadStage, beforeId: string | null) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/leads/${id}/move`,
    headers: who.headers,
    payload: { stage, beforeId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Lead;
}

async function create(who: SignedIn, contactName: string, stage: LeadStage = 'new') {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: who.headers,
    payload: { contactName, stage },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Lead;
}

describe('the board', () => {
  it('puts new leads on top and keeps the order through successive keyboard-like moves', async () => {
    const user = await h.signIn();
    const d = await create(user, 'D');
    const c = await create(user, 'C');
    const b = await create(user, 'B');
    const a = await create(user, 'A');
    expect(column(await board(user), 'new')).toEqual(['A', 'B', 'C', 'D']);

    // "Move down" three times: A goes before C, before D, then to the end.
    await move(user, a.id, 'new', c.id);
    expect(column(await board(user), 'new')).toEqual(['B', 'A', 'C', 'D']);
    await move(user, a.id, 'new', d.id);
    expect(column(await board(user), 'new')).toEqual(['B', 'C', 'A', 'D']);
    await move(user, a.id, 'new', null);
    expect(column(await board(user), 'new')).toEqual(['B', 'C', 'D', 'A']);

    // "Move right" to Contacted, then on to Won; "move up" inside a column.
    await move(user, a.id, 'contacted', null);
    await move(user, b.id, 'contacted', a.id);
    expect(column(await board(user), 'contacted')).toEqual(['B', 'A']);
    await move(user, a.id, 'contacted', b.id);
    expect(column(await board(user), 'contacted')).toEqual(['A', 'B']);
    const won = await move(user, a.id, 'won', null);
    expect(won).toMatchObject({ stage: 'won', probability: 100 });

    const res = await h.app.inject({
      method: 'GET',
      url: `/api/leads/${a.id}`,
      headers: user.headers,
    });
    const stages = (res.json() as LeadDetail).events
      .filter((e) => e.kind === 'stage')
      .map((e) => `${e.fromStage}->${e.toStage}`);
    expect(stages).toEqual(['contacted->won', 'new->contacted']);
  });

  it('refuses a place before a lead of another column', async () => {
    const user = await h.signIn();
    const x = await create(user, 'X');
    const y = await create(user, 'Y', 'qualified');
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/leads/${x.id}/move`,
      headers: user.headers,
      payload: { stage: 'new', beforeId: y.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { message: expect.stringContaining('another column') },
    });
  });

  it('renumbers a column when the neighbours are too close to halve the gap', async () => {
    const user = await h.signIn();
    const [first, second, third, mover] = await h.database.db.transaction((tx) =>
      insertLeadRows(tx, user.user.id, [
        { contactName: 'First' },
        { contactName: 'Second' },
        { contactName: 'Third' },
        { contactName: 'Mover', stage: 'lost' },
      ]),
    );
    const place = async (id: string, position: number) =>
      h.database.db.update(leads).set({ position }).where(eq(leads.id, id));
    await place(first!.id, 1);
    await place(second!.id, 1 + 1e-12);
    await place(third!.id, 2);
    await move(user, mover!.id, 'new', second!.id);
    const shown = await board(user);
    expect(column(shown, 'new')).toEqual(['First', 'Mover', 'Second', 'Third']);
    const positions = shown.columns[0]!.items.map((lead) => lead.position);
    expect(positions[2]! - positions[0]!).toBeGreaterThanOrEqual(1);
  });

  it('caps each column with the right counts and totals for a few hundred leads', async () => {
    const user = await h.signIn();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      contactName: `Lead ${i}`,
      stage: (i % 3 === 0 ? 'new' : i % 3 === 1 ? 'proposal' : 'won') as LeadStage,
      valueMinor: 1000,
      currency: i % 2 === 0 ? 'USD' : 'EUR',
      tags: i < 10 ? ['hot'] : [],
    }));
    await h.database.db.transaction((tx) => insertLeadRows(tx, user.user.id, rows));
    const shown = await board(user, '?perStage=25');
    const byStage = Object.fromEntries(shown.columns.map((c) => [c.stage, c]));
    expect(shown.columns.map((c) => c.stage)).toEqual([
      'new',
      'contacted',
      'qualified',
      'proposal',
      'negotiation',
      'won',
      'lost',
    ]);
    for (const stage of ['new', 'proposal', 'won'] as const) {
      expect(byStage[stage]!.count).toBe(100);
      expect(byStage[stage]!.items).toHaveLength(25);
      expect(byStage[stage]!.totals).toEqual([
        { currency: 'EUR', valueMinor: 50_000 },
        { currency: 'USD', valueMinor: 50_000 },
      ]);
    }
    expect(byStage.contacted).toMatchObject({ count: 0, items: [], totals: [] });
    // The first rows of the file come first in their column.
    expect(byStage.new!.items[0]!.contactName).toBe('Lead 0');
    expect(byStage.new!.items[1]!.contactName).toBe('Lead 3');
    const hot = await board(user, '?tag=hot&perStage=25');
    expect(hot.columns.reduce((n, c) => n + c.count, 0)).toBe(10);
  });
});
