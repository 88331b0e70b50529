import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { analyticsRangeQuerySchema } from '#contract/analytics-range';
import { FUNNEL_STAGES, type Dashboard } from '#contract/dashboard';

import {
  addPortfolioItem,
  addResponse,
  addUser,
} from '../../../../tests/support/response-history.ts';
import { openTestDatabase } from '#test-support/test-database';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { leadEvents, leads } from '../../db/schema/leads.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { quoteStatusEvents, quotes } from '../../db/schema/quotes.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { upworkConnections } from '../../db/schema/upwork.ts';
import { dashboard } from './dashboard.ts';
import {
  awaitingAt,
  DAY,
  furthest,
  inWindow,
  isoDay,
  netByCurrency,
  now,
  period,
  pipelineAt,
  plannedLeads,
  plannedMoney,
  plannedQuotes,
  plannedResponses,
  range,
  responseFigures,
  SIGN,
  STRANGER_CONNECTS,
  STRANGER_INCOME,
  STRANGER_LEAD,
  strangerSends,
  type PlannedLead,
  type PlannedMoney,
  type PlannedQuote,
} from './dashboard-test-plan.ts';
import { resolveRange } from './range.ts';

/**
 * The dashboard of a user with a known history (dashboard-test-plan.ts), each figure compared
 * with the one recomputed there from the rows inserted here; another user's rows sit beside.
 */

let handle: DatabaseHandle;
let db: Database;
let owner: string;
let stranger: string;
let ownerView: Dashboard;

async function insertMoney(userId: string, money: PlannedMoney[]) {
  for (const entry of money) {
    await db.insert(transactions).values({
      userId,
      kind: entry.kind,
      amountMinor: entry.amount,
      currency: entry.currency ?? 'USD',
      occurredOn: entry.on,
      source: 'manual',
      deletedAt: entry.deleted ? now : null,
    });
  }
}

async function insertLead(userId: string, lead: PlannedLead) {
  const [row] = await db
    .insert(leads)
    .values({
      userId,
      contactName: 'A client',
      stage: lead.stage,
      valueMinor: lead.value,
      probability: lead.probability,
      currency: lead.currency ?? 'USD',
      createdAt: new Date(lead.createdAt),
      deletedAt: lead.deleted ? now : null,
    })
    .returning({ id: leads.id });
  for (const [kind, fromStage, toStage, at] of lead.events) {
    await db.insert(leadEvents).values({
      userId,
      leadId: row!.id,
      kind,
      fromStage,
      toStage,
      createdAt: new Date(at),
    });
  }
}

async function insertQuote(userId: string, quote: PlannedQuote) {
  const last = quote.events[quote.events.length - 1]!;
  const sent = quote.events.find(([status]) => status === 'sent');
  const [row] = await db
    .insert(quotes)
    .values({
      userId,
      title: 'A quote',
      currency: 'USD',
      status: last[0],
      validUntil: quote.validUntil,
      document: {} as never,
      createdAt: new Date(quote.createdAt),
      sentAt: sent ? new Date(sent[1]) : null,
    })
    .returning({ id: quotes.id });
  for (const [status, at] of quote.events) {
    await db.insert(quoteStatusEvents).values({
      userId,
      quoteId: row!.id,
      toStatus: status,
      createdAt: new Date(at),
    });
  }
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  owner = await addUser(db);
  stranger = await addUser(db);
  for (const planned of plannedResponses) {
    await addResponse(db, owner, {
      sentAt: new Date(planned.sentAt),
      history: planned.history,
      connects: planned.connects,
      deleted: planned.deleted ?? false,
    });
  }
  await addResponse(db, owner, { sentAt: null });
  for (const sentAt of strangerSends) {
    await addResponse(db, stranger, {
      sentAt: new Date(sentAt),
      history: ['replied'],
      connects: STRANGER_CONNECTS,
    });
  }
  await insertMoney(owner, plannedMoney);
  await insertMoney(stranger, [{ kind: 'income', amount: STRANGER_INCOME, on: '2026-03-01' }]);
  for (const lead of plannedLeads) await insertLead(owner, lead);
  await insertLead(stranger, {
    value: STRANGER_LEAD,
    probability: 50,
    stage: 'qualified',
    createdAt: '2026-01-01T00:00:00Z',
    events: [],
  });
  for (const quote of plannedQuotes) await insertQuote(owner, quote);
  await insertQuote(stranger, plannedQuotes[1]!);
  ownerView = await dashboard(db, owner, range, now);
});
afterAll(async () => handle.close());

// --- the tests --------------------------------------------------------------------------------

describe('dashboard KPIs', () => {
  it('counts the responses of the period and the previous one, at the furthest stage reached', () => {
    const current = responseFigures(range.from, range.to);
    const previous = responseFigures(range.previousFrom, range.previousTo);
    const keys = [
      'responsesSent',
      'replyRate',
      'interviewRate',
      'hireRate',
      'connectsSpent',
      'connectsPerReply',
      'connectsPerHire',
      'costPerReplyMinor',
      'costPerHireMinor',
    ] as const;
    for (const key of keys) {
      expect(ownerView.kpis[key], key).toEqual({ current: current[key], previous: previous[key] });
    }
    // A reply that was later declined still counts as a reply.
    expect(current.replyRate).toBeGreaterThan(0);
    expect(ownerView.charts.funnel).toEqual(current.funnel);
  });

  it('nets income against fees, refunds and expenses per currency, withdrawals aside', () => {
    expect(ownerView.kpis.earnings).toEqual({
      current: netByCurrency('2026-02-16', '2026-03-15'),
      previous: netByCurrency('2026-01-19', '2026-02-15'),
    });
  });

  it('reads the open pipeline and the quotes awaiting a decision as they stood at each end', () => {
    expect(ownerView.kpis.pipelineValue).toEqual({
      current: pipelineAt(now),
      previous: pipelineAt(range.previousTo),
    });
    expect(ownerView.kpis.pipelineValue.current).not.toEqual(ownerView.kpis.pipelineValue.previous);
    expect(ownerView.kpis.quotesAwaiting).toEqual({
      current: awaitingAt(now),
      previous: awaitingAt(range.previousTo),
    });
  });

  it('never counts another user’s rows, and shows that user only theirs', async () => {
    const theirs = await dashboard(db, stranger, range, now);
    expect(theirs.kpis.responsesSent.current).toBe(strangerSends.length);
    expect(theirs.kpis.connectsSpent.current).toBe(strangerSends.length * STRANGER_CONNECTS);
    expect(theirs.kpis.earnings.current).toEqual([
      { currency: 'USD', amountMinor: STRANGER_INCOME },
    ]);
    expect(theirs.kpis.pipelineValue.current).toEqual([
      { currency: 'USD', amountMinor: Math.round((STRANGER_LEAD * 50) / 100) },
    ]);
    expect(theirs.kpis.quotesAwaiting.current).toBe(1);
    expect(theirs.lists.viewedQuotes.total).toBe(0);
  });
});

describe('dashboard charts', () => {
  it('draws earnings by day in the currency earned most, every day present', () => {
    const chart = ownerView.charts.earnings;
    expect(chart.bucket).toBe('day');
    expect(chart.currency).toBe('USD');
    expect(chart.points).toHaveLength(28);
    for (const [index, point] of chart.points.entries()) {
      const day = isoDay(new Date(range.from.getTime() + index * DAY));
      const rows = plannedMoney.filter(
        (m) => !m.deleted && (m.currency ?? 'USD') === 'USD' && m.on === day,
      );
      const income = rows.filter((m) => SIGN[m.kind] > 0).reduce((s, m) => s + m.amount, 0);
      const deductions = rows.filter((m) => SIGN[m.kind] < 0).reduce((s, m) => s + m.amount, 0);
      expect(point).toEqual({
        start: day,
        incomeMinor: income,
        deductionsMinor: deductions,
        netMinor: income - deductions,
      });
    }
    expect(chart.otherCurrencies).toEqual(
      netByCurrency('2026-02-16', '2026-03-15').filter((m) => m.currency !== 'USD'),
    );
  });

  it('draws a quarter by week from Monday, weeks without money as zeros', async () => {
    const quarter = resolveRange(
      analyticsRangeQuerySchema.parse({ from: '2025-12-16T00:00:00Z', to: period.to, tz: 'UTC' }),
    );
    const chart = (await dashboard(db, owner, quarter, now)).charts.earnings;
    expect(chart.bucket).toBe('week');
    const mondays: string[] = [];
    for (let at = Date.parse('2025-12-15T00:00:00Z'); at < quarter.to.getTime(); at += 7 * DAY) {
      mondays.push(isoDay(new Date(at)));
    }
    expect(chart.points.map((point) => point.start)).toEqual(mondays);
    for (const point of chart.points) {
      const end = isoDay(new Date(Date.parse(point.start) + 6 * DAY));
      const net = plannedMoney
        .filter(
          (m) =>
            !m.deleted && (m.currency ?? 'USD') === 'USD' && m.on >= point.start && m.on <= end,
        )
        .filter((m) => m.on >= '2025-12-16' && m.on <= '2026-03-15')
        .reduce((sum, m) => sum + SIGN[m.kind] * m.amount, 0);
      expect(point.netMinor, point.start).toBe(net);
    }
    expect(chart.points.filter((point) => point.netMinor === 0).length).toBeGreaterThan(3);
  });

  it('gives the reply rate of every week of the period, a week without sends as no rate', () => {
    const weeks = ['2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09'].map((weekStart) => {
      const start = new Date(`${weekStart}T00:00:00Z`);
      const sent = plannedResponses.filter(
        (r) => !r.deleted && inWindow(r.sentAt, start, new Date(start.getTime() + 7 * DAY)),
      );
      const replied = sent.filter((r) => furthest(r) >= FUNNEL_STAGES.indexOf('replied')).length;
      return {
        weekStart,
        sent: sent.length,
        replied,
        rate: sent.length ? replied / sent.length : null,
      };
    });
    expect(ownerView.charts.replyRateByWeek).toEqual(weeks);
    expect(weeks[3]!.rate).toBeNull();
  });

  it('cuts days in the user’s time zone', async () => {
    const berlin = resolveRange(
      analyticsRangeQuerySchema.parse({
        from: '2026-02-16T00:00:00+01:00',
        to: '2026-03-16T00:00:00+01:00',
        tz: 'Europe/Berlin',
      }),
    );
    const chart = (await dashboard(db, owner, berlin, now)).charts.earnings;
    expect(chart.points[0]!.start).toBe('2026-02-16');
    expect(chart.points.at(-1)!.start).toBe('2026-03-15');
  });
});

describe('a user with nothing yet', () => {
  it('has no data, a checklist with nothing done, zeros and empty lists', async () => {
    const fresh = await addUser(db);
    const view = await dashboard(db, fresh, range, now);
    expect(view.hasData).toBe(false);
    expect(view.checklist).toEqual([
      { step: 'profile', done: false },
      { step: 'portfolio', done: false },
      { step: 'upwork', done: false },
      { step: 'response', done: false },
    ]);
    expect(view.kpis.responsesSent).toEqual({ current: 0, previous: 0 });
    expect(view.kpis.replyRate).toEqual({ current: null, previous: null });
    expect(view.kpis.earnings).toEqual({ current: [], previous: [] });
    expect(view.charts.earnings.currency).toBe('USD');
    expect(view.charts.earnings.points.every((point) => point.netMinor === 0)).toBe(true);
    expect(Object.values(view.lists).map((list) => list.total)).toEqual([0, 0, 0, 0]);
  });

  it('ticks the steps done, and a profile needs skills and a title or overview', async () => {
    const started = await addUser(db);
    await db.insert(profiles).values({ userId: started, skills: ['React'], currency: 'EUR' });
    await addPortfolioItem(db, started, 'A shop');
    await db.insert(upworkConnections).values({ userId: started, status: 'connected' });
    const before = await dashboard(db, started, range, now);
    expect(before.checklist.map((step) => step.done)).toEqual([false, true, true, false]);
    expect(before.charts.earnings.currency).toBe('EUR');

    await db
      .insert(profiles)
      .values({ userId: started, skills: ['React'], title: 'Developer' })
      .onConflictDoUpdate({ target: profiles.userId, set: { title: 'Developer' } });
    await addResponse(db, started, { sentAt: new Date('2026-03-01T10:00:00Z') });
    const after = await dashboard(db, started, range, now);
    expect(after.checklist.every((step) => step.done)).toBe(true);
    expect(after.hasData).toBe(true);
  });

  it('has data once a transaction is recorded, even without a response', async () => {
    const bookkeeper = await addUser(db);
    await insertMoney(bookkeeper, [{ kind: 'expense', amount: 1_000, on: '2025-06-01' }]);
    expect((await dashboard(db, bookkeeper, range, now)).hasData).toBe(true);
    expect(ownerView.hasData).toBe(true);
  });
});
