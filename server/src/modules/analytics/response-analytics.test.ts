import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ResponseStatus } from '#contract/responses';

import {
  addJob,
  addPortfolioItem,
  addResponse,
  addTemplate,
  addUser,
  addWonLead,
  type HistoryResponse,
} from '../../../../tests/support/response-history.ts';
import { openTestDatabase } from '#test-support/test-database';
import type { DatabaseHandle } from '../../db/client.ts';
import { resolveRange } from './range.ts';
import { responseAnalytics } from './response-analytics.ts';

/**
 * A varied history for one user (and a little for another), built from a fixed pseudo-random
 * sequence; every expectation is recomputed here from the rows as inserted, never read back from
 * the code under test.
 */
let handle: DatabaseHandle;
let owner: string;
let stranger: string;
const range = resolveRange({
  from: '2025-05-01T00:00:00.000Z',
  to: '2025-06-01T00:00:00.000Z',
  tz: 'UTC',
});

type Seed = HistoryResponse & {
  id: string;
  templateName: string | null;
  category: string | null;
  bidBucket: 'below' | 'near' | 'above' | 'unknown';
  portfolioTitles: string[];
  revenueUsd: number;
};
const seeds: Seed[] = [];

const PATHS: ResponseStatus[][] = [
  [],
  ['viewed'],
  ['viewed', 'declined'],
  ['viewed', 'replied'],
  ['viewed', 'replied', 'declined'],
  ['replied', 'interview'],
  ['viewed', 'replied', 'interview', 'hired'],
  ['archived'],
];
const RANKS: Record<string, number> = { sent: 1, viewed: 2, replied: 3, interview: 4, hired: 5 };
const furthest = (history: ResponseStatus[] = []) =>
  Math.max(1, ...history.map((status) => RANKS[status] ?? 0));

/** A small linear congruential generator: the same history on every run. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  owner = await addUser(db);
  stranger = await addUser(db);
  const templates = [
    { id: await addTemplate(db, owner, 'Short and warm'), name: 'Short and warm' },
    { id: await addTemplate(db, owner, 'Case study first'), name: 'Case study first' },
    { id: null, name: null },
  ];
  const items = [
    { id: await addPortfolioItem(db, owner, 'Shopify store'), title: 'Shopify store' },
    { id: await addPortfolioItem(db, owner, 'Clinic booking app'), title: 'Clinic booking app' },
  ];
  const jobTemplates = [
    { category: 'Web Development', budget: 100_000 },
    { category: 'Design', budget: 40_000 },
    { category: null, budget: null },
  ];
  const jobsMade: Array<{ id: string | null; category: string | null; budget: number | null }> = [
    { id: null, category: null, budget: null },
  ];
  for (const job of jobTemplates) {
    const id = await addJob(db, owner, {
      category: job.category,
      jobType: 'fixed',
      budgetMaxMinor: job.budget,
    });
    jobsMade.push({ id, ...job });
  }

  const random = sequence(17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const start = range.from.getTime();
  const span = range.to.getTime() - start;
  for (let index = 0; index < 48; index += 1) {
    const template = pick(templates);
    const job = pick(jobsMade);
    const bidMinor = pick([null, 50_000, 95_000, 130_000]);
    const cited = pick([[], [items[0]!], [items[1]!], items]);
    const seed: HistoryResponse = {
      sentAt: new Date(start + Math.floor(random() * span)),
      history: pick(PATHS),
      templateId: template.id,
      variant: pick(['A', 'B'] as const),
      fitScore: pick([null, 25, 45, 65, 90]),
      connects: pick([null, 2, 4, 6, 8]),
      bidMinor,
      jobId: job.id,
      citations: cited,
    };
    const ratio = bidMinor !== null && job.budget ? bidMinor / job.budget : null;
    seeds.push({
      ...seed,
      id: await addResponse(db, owner, seed),
      templateName: template.name,
      category: job.id ? job.category : null,
      bidBucket:
        ratio === null ? 'unknown' : ratio < 0.9 ? 'below' : ratio > 1.1 ? 'above' : 'near',
      portfolioTitles: cited.map((item) => item.title),
      revenueUsd: 0,
    });
  }
  // Two won leads, each opened by a response of the period (the earliest linked one wins).
  const bySent = [...seeds].sort((a, b) => a.sentAt!.getTime() - b.sentAt!.getTime());
  const [first, second, third] = bySent;
  await addWonLead(
    db,
    owner,
    [third!.id, first!.id],
    [
      { kind: 'income', amountMinor: 200_000 },
      { kind: 'upwork_fee', amountMinor: 20_000 },
    ],
  );
  first!.revenueUsd = 180_000;
  await addWonLead(db, owner, [second!.id], [{ kind: 'income', amountMinor: 50_000 }]);
  second!.revenueUsd = 50_000;
  // Outside the period, and another user's: not counted.
  await addResponse(db, owner, { sentAt: new Date('2025-04-30T23:59:00Z'), history: ['hired'] });
  await addResponse(db, stranger, { sentAt: new Date('2025-05-10T10:00:00Z'), history: ['hired'] });
});

afterAll(async () => {
  await handle?.close();
});

type Expected = { sent: number; replied: number; hired: number; connects: number; revenue: number };

function tally(groups: Map<string, Expected>, key: string, seed: Seed) {
  const entry = groups.get(key) ?? { sent: 0, replied: 0, hired: 0, connects: 0, revenue: 0 };
  entry.sent += 1;
  if (furthest(seed.history) >= RANKS.replied!) entry.replied += 1;
  if (furthest(seed.history) >= RANKS.hired!) entry.hired += 1;
  entry.connects += seed.connects ?? 0;
  entry.revenue += seed.revenueUsd;
  groups.set(key, entry);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const FIT_LABEL = (fit: number | null | undefined) =>
  fit === null || fit === undefined
    ? 'No fit score'
    : fit < 40
      ? '0-39'
      : fit < 60
        ? '40-59'
        : fit < 80
          ? '60-79'
          : '80-100';

/** Each dimension's label for a seed, worked out from what was inserted. */
const LABELS: Record<string, (seed: Seed) => string[]> = {
  template: (seed) => [seed.templateName ?? 'No template'],
  variant: (seed) => [`Variant ${seed.variant}`],
  category: (seed) => [seed.category ?? 'Uncategorised'],
  fit: (seed) => [FIT_LABEL(seed.fitScore)],
  hour: (seed) => [`${String(seed.sentAt!.getUTCHours()).padStart(2, '0')}:00`],
  weekday: (seed) => [WEEKDAYS[seed.sentAt!.getUTCDay()]!],
  portfolio: (seed) =>
    seed.portfolioTitles.length > 0 ? seed.portfolioTitles : ['No portfolio item'],
  bid: (seed) => [
    {
      below: 'Below the budget (under 90%)',
      near: 'Near the budget (90-110%)',
      above: 'Above the budget (over 110%)',
      unknown: 'No budget to compare',
    }[seed.bidBucket],
  ],
};

describe('responseAnalytics', () => {
  it('counts the period’s sends through the funnel, with Connects per reply and per hire', async () => {
    const report = await responseAnalytics(handle.db, owner, range);
    const reached = (rank: number) => seeds.filter((seed) => furthest(seed.history) >= rank).length;
    expect(report.funnel.map((step) => step.count)).toEqual([1, 2, 3, 4, 5].map(reached));
    const connects = seeds.reduce((sum, seed) => sum + (seed.connects ?? 0), 0);
    expect(report.totals).toMatchObject({
      sent: seeds.length,
      connects,
      connectsPerReply: connects / reached(3),
      connectsPerHire: connects / reached(5),
      revenue: [{ currency: 'USD', amountMinor: 230_000 }],
      revenuePerResponse: [{ currency: 'USD', amountMinor: Math.round(230_000 / seeds.length) }],
    });
  });

  it.each(Object.keys(LABELS))('breaks the sends down by %s', async (dimension) => {
    const report = await responseAnalytics(handle.db, owner, range);
    const breakdown = report.breakdowns.find((entry) => entry.dimension === dimension);
    const expected = new Map<string, Expected>();
    for (const seed of seeds) {
      for (const label of LABELS[dimension]!(seed)) tally(expected, label, seed);
    }
    const shown = breakdown!.rows.filter((row) => row.sent > 0);
    expect(
      Object.fromEntries(
        shown.map((row) => [
          row.label,
          {
            sent: row.sent,
            replied: row.replied,
            hired: row.hired,
            connects: row.connects,
            revenue: row.revenue.find((money) => money.currency === 'USD')?.amountMinor ?? 0,
          },
        ]),
      ),
    ).toEqual(Object.fromEntries(expected));
    for (const row of shown) expect(row.replyRate).toBeCloseTo(row.replied / row.sent, 10);
  });

  it('keeps natural orders: hours 00-23, Monday to Sunday, variants A then B', async () => {
    const report = await responseAnalytics(handle.db, owner, range);
    const labels = (dimension: string) =>
      report.breakdowns
        .find((entry) => entry.dimension === dimension)!
        .rows.map((row) => row.label);
    expect(labels('hour')).toEqual(
      Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`),
    );
    expect(labels('weekday')).toEqual([...WEEKDAYS.slice(1), WEEKDAYS[0]]);
    expect(labels('variant')).toEqual(['Variant A', 'Variant B']);
    const templateRows = report.breakdowns.find((entry) => entry.dimension === 'template')!.rows;
    const sentCounts = templateRows.map((row) => row.sent);
    expect(sentCounts).toEqual([...sentCounts].sort((a, b) => b - a));
  });

  it('shows another user only their own sends', async () => {
    const report = await responseAnalytics(handle.db, stranger, range);
    expect(report.totals.sent).toBe(1);
    expect(report.funnel.at(-1)).toEqual({ stage: 'hired', count: 1 });
    expect(report.calibration.scoredSends).toBe(0);
  });

  it('answers a period without sends with zeros and no rates', async () => {
    const empty = resolveRange({
      from: '2024-01-01T00:00:00.000Z',
      to: '2024-02-01T00:00:00.000Z',
      tz: 'Europe/Berlin',
    });
    const report = await responseAnalytics(handle.db, owner, empty);
    expect(report.totals).toEqual({
      sent: 0,
      connects: 0,
      connectsPerReply: null,
      connectsPerHire: null,
      revenue: [],
      revenuePerResponse: [],
    });
    expect(report.funnel.every((step) => step.count === 0)).toBe(true);
    expect(report.range.tz).toBe('Europe/Berlin');
  });
});
