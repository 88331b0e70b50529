import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { QuoteAnalytics } from '#contract/quote-analytics';
import type { QuoteDocument, QuoteLineItem, QuoteStatus } from '#contract/quotes';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import {
  quoteShares,
  quoteSignatures,
  quoteStatusEvents,
  quotes,
  quoteViews,
} from '../../db/schema/quotes.ts';
import { templates } from '../../db/schema/templates.ts';
import { sampleDocument } from '../quotes/test-helpers.ts';
import {
  ALICE_SEEDS,
  BOB_SEEDS,
  count,
  current,
  everSent,
  everViewed,
  HOUR,
  hoursOf,
  inRange,
  NOW,
  previous,
  range,
  rateOf,
  shownStatus,
  totalsOf,
  type Seed,
} from './quote-analytics-test-seeds.ts';
import { quoteAnalytics } from './quote-analytics.ts';
import { resolveRange } from './range.ts';

/**
 * Two users' quotes written straight into the tables, with times chosen by the test (the rows
 * and the test's reading of the rules are in quote-analytics-test-seeds.ts).
 */

let h: Harness;
let alice: SignedIn;
let bob: SignedIn;
const templateIds = new Map<string, string>();

function optionalLine(label: string, ticked: boolean, index: number): QuoteLineItem {
  return {
    id: `optional-${index}`,
    label,
    kind: 'task',
    description: '',
    quantity: 1,
    unit: 'units',
    rateMinor: 10_000,
    optional: true,
    selected: ticked,
    requirementIds: [],
  };
}

async function seedTemplates(owner: SignedIn) {
  for (const [key, name] of [
    ['web', 'Web build'],
    ['audit', 'Site audit'],
  ] as const) {
    const [row] = await h.database.db
      .insert(templates)
      .values({ userId: owner.user.id, kind: 'quote', name, body: '' })
      .returning({ id: templates.id });
    templateIds.set(`${owner.user.id}:${key}`, row!.id);
  }
}

async function seedQuote(owner: SignedIn, seed: Seed, base: QuoteDocument) {
  const db = h.database.db;
  const createdAt = new Date(seed.createdAt);
  const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR);
  const document: QuoteDocument = {
    ...base,
    title: seed.name,
    status: seed.status,
    currency: seed.currency,
    validUntil: seed.validUntil,
    lineItems: [
      ...base.lineItems.filter((line) => !line.optional),
      ...(seed.optional ?? []).map((line, index) => optionalLine(line.label, line.ticked, index)),
    ],
  };
  const [row] = await db
    .insert(quotes)
    .values({
      userId: owner.user.id,
      title: seed.name,
      status: seed.status,
      currency: seed.currency,
      validUntil: seed.validUntil,
      document,
      totalMinor: seed.totalMinor,
      subtotalMinor: seed.totalMinor,
      templateId: seed.template ? templateIds.get(`${owner.user.id}:${seed.template}`) : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: quotes.id });
  const quoteId = row!.id;
  const events = [{ to: 'draft' as QuoteStatus, afterHours: 0 }, ...(seed.events ?? [])];
  await db.insert(quoteStatusEvents).values(
    events.map((event) => ({
      userId: owner.user.id,
      quoteId,
      toStatus: event.to,
      createdAt: at(event.afterHours),
    })),
  );
  if (seed.views) {
    const [share] = await db
      .insert(quoteShares)
      .values({
        userId: owner.user.id,
        quoteId,
        tokenHash: `hash-${quoteId}`,
        tokenEncrypted: 'sealed',
      })
      .returning({ id: quoteShares.id });
    await db.insert(quoteViews).values(
      Array.from({ length: seed.views }, (_, index) => ({
        userId: owner.user.id,
        quoteId,
        shareId: share!.id,
        createdAt: at(2 + index),
      })),
    );
  }
  if (seed.status === 'accepted' || seed.status === 'declined') {
    await db.insert(quoteSignatures).values({
      userId: owner.user.id,
      quoteId,
      decision: seed.status,
      name: 'Client',
      totalMinor: seed.totalMinor,
      currency: seed.currency,
      document,
    });
  }
}

beforeAll(async () => {
  h = await createHarness();
  alice = await h.signIn({ modules: ['proposal'] });
  bob = await h.signIn({ modules: ['proposal'] });
  const base = sampleDocument({}, { fill: true });
  await seedTemplates(alice);
  await seedTemplates(bob);
  for (const seed of ALICE_SEEDS) await seedQuote(alice, seed, base);
  for (const seed of BOB_SEEDS) await seedQuote(bob, seed, base);
});

afterAll(async () => {
  await h.close();
});

describe('quote analytics', () => {
  let report: QuoteAnalytics;
  beforeAll(async () => {
    report = await quoteAnalytics(h.database.db, alice.user.id, range, NOW);
  });

  it('counts the period’s quotes at every status they reached', () => {
    expect(report.totals).toMatchObject({
      created: current.length,
      sent: count(current, everSent),
      viewed: count(current, everViewed),
      accepted: count(current, (seed) => seed.status === 'accepted'),
      declined: count(current, (seed) => seed.status === 'declined'),
      expired: count(current, (seed) => shownStatus(seed) === 'expired'),
    });
    const draft = report.byStatus.find((row) => row.status === 'draft');
    expect(draft).toMatchObject({
      reached: current.length,
      current: count(current, (seed) => shownStatus(seed) === 'draft'),
    });
  });

  it('gives the current count and value of every status', () => {
    for (const row of report.byStatus) {
      const now = current.filter((seed) => shownStatus(seed) === row.status);
      expect(row.current, row.status).toBe(now.length);
      expect(row.value, row.status).toEqual(totalsOf(now));
    }
  });

  it('compares the acceptance rate with the period before', () => {
    expect(report.totals.acceptanceRate).toBeCloseTo(rateOf(current)!, 6);
    expect(report.totals.previousAcceptanceRate).toBeCloseTo(rateOf(previous)!, 6);
    expect(report.range).toMatchObject({
      from: range.from.toISOString(),
      previousFrom: range.previousFrom.toISOString(),
    });
  });

  it('sums values per currency, largest first', () => {
    expect(report.totals.totalValue).toEqual(totalsOf(current));
    expect(report.totals.acceptedValue).toEqual(
      totalsOf(current.filter((seed) => seed.status === 'accepted')),
    );
    const usd = current.filter((seed) => seed.currency === 'USD');
    expect(report.totals.averageValue.find((money) => money.currency === 'USD')).toEqual({
      currency: 'USD',
      amountMinor: Math.round(usd.reduce((sum, seed) => sum + seed.totalMinor, 0) / usd.length),
    });
  });

  it('measures the hours from the first send to the client’s answer', () => {
    const hours = current.map(hoursOf).filter((value): value is number => value !== null);
    const sorted = [...hours].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    const expectedMedian =
      sorted.length % 2 === 1
        ? sorted[Math.floor(middle)]!
        : (sorted[middle - 1]! + sorted[middle]!) / 2;
    const expectedMean = hours.reduce((sum, value) => sum + value, 0) / hours.length;
    expect(report.totals.medianHoursToDecision).toBeCloseTo(expectedMedian, 1);
    expect(report.totals.meanHoursToDecision).toBeCloseTo(expectedMean, 1);
  });

  it('breaks the quotes down by template, with the ones written without one', () => {
    const keyOf = (seed: Seed) =>
      seed.template ? templateIds.get(`${alice.user.id}:${seed.template}`)! : 'none';
    const keys = [...new Set(current.map(keyOf))];
    expect(report.byTemplate.map((row) => row.key).sort()).toEqual(keys.sort());
    for (const row of report.byTemplate) {
      const seeds = current.filter((seed) => keyOf(seed) === row.key);
      expect(row).toMatchObject({
        created: seeds.length,
        sent: count(seeds, everSent),
        accepted: count(seeds, (seed) => seed.status === 'accepted'),
        value: totalsOf(seeds),
        acceptedValue: totalsOf(seeds.filter((seed) => seed.status === 'accepted')),
      });
      expect(row.acceptanceRate).toBe(rateOf(seeds));
    }
    expect(report.byTemplate.find((row) => row.key === 'none')?.label).toBe('No template');
    expect(report.byTemplate.map((row) => row.label)).toContain('Web build');
    const created = report.byTemplate.map((row) => row.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('shows which optional items clients tick, grouping labels whatever their case', () => {
    const lines = current
      .filter((seed) => seed.status === 'accepted')
      .flatMap((seed) => seed.optional ?? []);
    const groups = new Map<string, { offered: number; ticked: number }>();
    for (const line of lines) {
      const key = line.label.trim().toLowerCase();
      const group = groups.get(key) ?? { offered: 0, ticked: 0 };
      group.offered += 1;
      if (line.ticked) group.ticked += 1;
      groups.set(key, group);
    }
    expect(report.optionalItems).toHaveLength(groups.size);
    for (const row of report.optionalItems) {
      const group = groups.get(row.label.trim().toLowerCase());
      expect(group, row.label).toBeDefined();
      expect(row).toMatchObject({ ...group, tickRate: group!.ticked / group!.offered });
    }
    const offered = report.optionalItems.map((row) => row.offered);
    expect(offered).toEqual([...offered].sort((a, b) => b - a));
  });

  it('never reads another user’s quotes', async () => {
    const text = JSON.stringify(report);
    expect(text).not.toContain('GBP');
    const bobs = await quoteAnalytics(h.database.db, bob.user.id, range, NOW);
    expect(bobs.totals.created).toBe(
      count(BOB_SEEDS, (seed) => inRange(seed, range.from, range.to)),
    );
    expect(bobs.totals.totalValue.map((money) => money.currency)).toEqual(['GBP']);
    const bobAccepted = count(
      BOB_SEEDS,
      (seed) => seed.status === 'accepted' && inRange(seed, range.from, range.to),
    );
    expect(bobs.optionalItems).toEqual([
      { label: 'SEO audit', offered: bobAccepted, ticked: 0, tickRate: 0 },
    ]);
  });

  it('answers an honest empty report for a period without quotes', async () => {
    const empty = await quoteAnalytics(
      h.database.db,
      alice.user.id,
      resolveRange({ from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z', tz: 'UTC' }),
      NOW,
    );
    expect(empty.totals).toMatchObject({
      created: 0,
      acceptanceRate: null,
      previousAcceptanceRate: null,
      medianHoursToDecision: null,
      totalValue: [],
    });
    expect(empty.byTemplate).toEqual([]);
    expect(empty.optionalItems).toEqual([]);
    expect(empty.byStatus.every((row) => row.reached === 0 && row.current === 0)).toBe(true);
  });
});
