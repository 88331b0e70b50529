import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  addJob,
  addPortfolioItem,
  addResponse,
  addTemplate,
  addUser,
  addWonLead,
  type HistoryMoney,
} from '../../../../tests/support/response-history.ts';
import { openTestDatabase } from '#test-support/test-database';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  funnelOf,
  reachedAtLeast,
  sentResponseFacts,
  type ResponseFact,
} from './response-facts.ts';

/** The rows a user sees are the ones inserted for them, read back one per sent response. */
let handle: DatabaseHandle;
let owner: string;
let stranger: string;
const ids: Record<string, string> = {};
const window = {
  from: new Date('2025-03-01T00:00:00Z'),
  to: new Date('2025-04-01T00:00:00Z'),
  tz: 'UTC',
};
const NET_SIGN = { income: 1, upwork_fee: -1, refund: -1, expense: -1, withdrawal: 0 } as const;
const openedLeadMoney: Array<HistoryMoney & { deleted?: boolean }> = [
  { kind: 'income', amountMinor: 120_000 },
  { kind: 'upwork_fee', amountMinor: 12_000 },
  { kind: 'refund', amountMinor: 5_000 },
  { kind: 'withdrawal', amountMinor: 90_000 },
  { kind: 'income', amountMinor: 40_000, currency: 'EUR' },
  { kind: 'income', amountMinor: 77_777, deleted: true },
];

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  owner = await addUser(db);
  stranger = await addUser(db);
  const template = await addTemplate(db, owner, 'Short and warm');
  const item = await addPortfolioItem(db, owner, 'Shopify store redesign');
  const fixedJob = await addJob(db, owner, {
    category: 'Web Development',
    jobType: 'fixed',
    budgetMinMinor: 50_000,
    budgetMaxMinor: 100_000,
  });
  const hourlyJob = await addJob(db, owner, {
    category: 'Design',
    jobType: 'hourly',
    hourlyMinMinor: 4_000,
    hourlyMaxMinor: 5_000,
  });
  const euroJob = await addJob(db, owner, { jobType: 'fixed', currency: 'EUR', budgetMaxMinor: 1 });

  ids.declinedAfterReply = await addResponse(db, owner, {
    sentAt: new Date('2025-03-03T23:30:00Z'),
    history: ['viewed', 'replied', 'declined'],
    templateId: template,
    variant: 'B',
    fitScore: 72,
    bidMinor: 85_000,
    jobId: fixedJob,
    citations: [{ id: item, title: 'Old title of the item' }],
    connects: 8,
  });
  ids.hired = await addResponse(db, owner, {
    sentAt: new Date('2025-03-05T10:00:00Z'),
    history: ['viewed', 'replied', 'interview', 'hired'],
    bidMinor: 6_000,
    jobId: hourlyJob,
    connects: 12,
  });
  ids.viewedOnly = await addResponse(db, owner, {
    sentAt: new Date('2025-03-09T23:30:00Z'),
    history: ['viewed', 'archived'],
    bidMinor: 40_000,
    jobId: fixedJob,
    connects: null,
  });
  ids.otherCurrency = await addResponse(db, owner, {
    sentAt: new Date('2025-03-10T12:00:00Z'),
    bidMinor: 1,
    jobId: euroJob,
  });
  ids.laterToSameLead = await addResponse(db, owner, {
    sentAt: new Date('2025-03-20T12:00:00Z'),
    history: ['replied'],
  });
  // Outside the window, a draft, a deleted one, and another user's: none is a fact.
  ids.beforeWindow = await addResponse(db, owner, { sentAt: new Date('2025-02-28T23:59:59Z') });
  ids.atWindowEnd = await addResponse(db, owner, { sentAt: window.to });
  ids.draft = await addResponse(db, owner, { sentAt: null });
  ids.deleted = await addResponse(db, owner, {
    sentAt: new Date('2025-03-15T12:00:00Z'),
    deleted: true,
  });
  ids.strangers = await addResponse(db, stranger, { sentAt: new Date('2025-03-15T12:00:00Z') });

  // The lead was opened by the declined-after-reply response; the later one gets no money.
  await addWonLead(db, owner, [ids.laterToSameLead, ids.declinedAfterReply], openedLeadMoney);
  await addWonLead(db, stranger, [ids.strangers], [{ kind: 'income', amountMinor: 9_999 }]);
});

afterAll(async () => {
  await handle?.close();
});

function byId(facts: ResponseFact[]): Map<string, ResponseFact> {
  return new Map(facts.map((fact) => [fact.id, fact]));
}

describe('sentResponseFacts', () => {
  it('reads only the user’s responses sent in [from, to), not drafts or deleted ones', async () => {
    const facts = await sentResponseFacts(handle.db, owner, window);
    expect(facts.map((fact) => fact.id)).toEqual([
      ids.declinedAfterReply,
      ids.hired,
      ids.viewedOnly,
      ids.otherCurrency,
      ids.laterToSameLead,
    ]);
    const strangers = await sentResponseFacts(handle.db, stranger, window);
    expect(strangers.map((fact) => fact.id)).toEqual([ids.strangers]);
  });

  it('counts each response at the furthest stage it ever reached', async () => {
    const facts = byId(await sentResponseFacts(handle.db, owner, window));
    expect(facts.get(ids.declinedAfterReply!)?.reached).toBe('replied');
    expect(facts.get(ids.hired!)?.reached).toBe('hired');
    expect(facts.get(ids.viewedOnly!)?.reached).toBe('viewed');
    expect(facts.get(ids.otherCurrency!)?.reached).toBe('sent');
    const declined = facts.get(ids.declinedAfterReply!)!;
    expect(reachedAtLeast(declined, 'viewed')).toBe(true);
    expect(reachedAtLeast(declined, 'interview')).toBe(false);
  });

  it('builds a cumulative funnel: every later stage also counts at the earlier ones', async () => {
    const facts = await sentResponseFacts(handle.db, owner, window);
    const order = ['sent', 'viewed', 'replied', 'interview', 'hired'];
    const expected = order.map((stage, index) => ({
      stage,
      count: facts.filter((fact) => order.indexOf(fact.reached) >= index).length,
    }));
    expect(funnelOf(facts)).toEqual(expected);
    // Sent 5; viewed by the declined, hired and viewed-only; replied by the declined, the hired
    // and the later one; one interview and one hire.
    expect(funnelOf(facts).map((step) => step.count)).toEqual([5, 4, 3, 1, 1]);
  });

  it('places the send in the time zone asked for: 23:30 UTC Monday is 00:30 Tuesday in Berlin', async () => {
    const utc = byId(await sentResponseFacts(handle.db, owner, window));
    const berlin = byId(
      await sentResponseFacts(handle.db, owner, { ...window, tz: 'Europe/Berlin' }),
    );
    expect(utc.get(ids.declinedAfterReply!)).toMatchObject({
      hourLocal: 23,
      weekdayLocal: 1,
      weekStartLocal: '2025-03-03',
    });
    expect(berlin.get(ids.declinedAfterReply!)).toMatchObject({
      hourLocal: 0,
      weekdayLocal: 2,
      weekStartLocal: '2025-03-03',
    });
    // Sunday 23:30 UTC is already Monday in Berlin, so it starts the next week there.
    expect(utc.get(ids.viewedOnly!)).toMatchObject({
      weekdayLocal: 7,
      weekStartLocal: '2025-03-03',
    });
    expect(berlin.get(ids.viewedOnly!)).toMatchObject({
      weekdayLocal: 1,
      weekStartLocal: '2025-03-10',
    });
  });

  it('carries template, variant, fit, category, connects and cited portfolio items', async () => {
    const facts = byId(await sentResponseFacts(handle.db, owner, window));
    expect(facts.get(ids.declinedAfterReply!)).toMatchObject({
      templateName: 'Short and warm',
      variant: 'B',
      fitScore: 72,
      category: 'Web Development',
      connects: 8,
      portfolioItems: [{ title: 'Shopify store redesign' }],
    });
    expect(facts.get(ids.viewedOnly!)).toMatchObject({
      templateId: null,
      templateName: null,
      variant: 'A',
      fitScore: null,
      connects: 0,
      portfolioItems: [],
    });
    expect(facts.get(ids.laterToSameLead!)?.category).toBeNull();
  });

  it('compares the bid with the job’s budget, or says there is none to compare with', async () => {
    const facts = byId(await sentResponseFacts(handle.db, owner, window));
    // 85,000 against a fixed maximum of 100,000 is 85%: below. 6,000 an hour against 5,000 is
    // 120%: above. 40,000 against 100,000: below. A USD bid on a EUR job: unknown.
    expect(facts.get(ids.declinedAfterReply!)?.bidBucket).toBe('below');
    expect(facts.get(ids.hired!)?.bidBucket).toBe('above');
    expect(facts.get(ids.viewedOnly!)?.bidBucket).toBe('below');
    expect(facts.get(ids.otherCurrency!)?.bidBucket).toBe('unknown');
    expect(facts.get(ids.laterToSameLead!)?.bidBucket).toBe('unknown');
  });

  it('gives the lead’s net earnings to the response that opened it, and none to later ones', async () => {
    const facts = byId(await sentResponseFacts(handle.db, owner, window));
    const net = new Map<string, number>();
    for (const entry of openedLeadMoney) {
      if (entry.deleted) continue;
      const currency = entry.currency ?? 'USD';
      net.set(currency, (net.get(currency) ?? 0) + NET_SIGN[entry.kind] * entry.amountMinor);
    }
    const expected = [...net.entries()]
      .map(([currency, amountMinor]) => ({ currency, amountMinor }))
      .sort((a, b) => b.amountMinor - a.amountMinor);
    expect(facts.get(ids.declinedAfterReply!)?.revenue).toEqual(expected);
    expect(facts.get(ids.laterToSameLead!)?.revenue).toEqual([]);
    expect(facts.get(ids.hired!)?.revenue).toEqual([]);
  });
});
