import type { QuoteStatus } from '#contract/quotes';

import { resolveRange } from './range.ts';

/**
 * The quotes the quote analytics test writes for two users, and the test's own reading of the
 * rules applied to them: the expected numbers are recomputed from these rows, never copied from
 * the code's answer. Data only; the test inserts the rows.
 */

export const range = resolveRange({
  from: '2024-03-01T00:00:00.000Z',
  to: '2024-03-31T00:00:00.000Z',
  tz: 'UTC',
});
export const NOW = new Date('2024-04-15T12:00:00.000Z');
export const HOUR = 3_600_000;

export type SeedInput = {
  name: string;
  createdAt: string;
  /** The status stored on the row (the reader may see 'expired' instead). */
  status: QuoteStatus;
  /** Defaults: valid until 2024-06-30, in USD. */
  validUntil?: string;
  currency?: string;
  totalMinor: number;
  template?: 'web' | 'audit';
  /** Status events after the first 'draft' one, hours after creation. */
  events?: Array<{ to: QuoteStatus; afterHours: number }>;
  views?: number;
  /** Optional lines of the accepted document: label and whether the client ticked it. */
  optional?: Array<{ label: string; ticked: boolean }>;
};

export type Seed = SeedInput & { validUntil: string; currency: string };
const withDefaults = (seed: SeedInput): Seed => ({
  validUntil: '2024-06-30',
  currency: 'USD',
  ...seed,
});

export const ALICE_SEEDS: Seed[] = (
  [
    {
      name: 'accepted fast',
      createdAt: '2024-03-02T09:00:00Z',
      status: 'accepted',
      totalMinor: 500_000,
      template: 'web',
      events: [
        { to: 'sent', afterHours: 1 },
        { to: 'viewed', afterHours: 3 },
        { to: 'accepted', afterHours: 11 },
      ],
      views: 2,
      optional: [
        { label: 'SEO audit', ticked: true },
        { label: 'Hosting', ticked: false },
      ],
    },
    {
      name: 'accepted slow, no viewed event',
      createdAt: '2024-03-05T09:00:00Z',
      status: 'accepted',
      validUntil: '2024-06-30',
      currency: 'EUR',
      totalMinor: 300_000,
      template: 'web',
      events: [
        { to: 'sent', afterHours: 2 },
        { to: 'accepted', afterHours: 50 },
      ],
      optional: [
        { label: '  seo AUDIT ', ticked: false },
        { label: 'Hosting', ticked: true },
        { label: 'Training', ticked: true },
      ],
    },
    {
      name: 'declined',
      createdAt: '2024-03-10T09:00:00Z',
      status: 'declined',
      totalMinor: 200_000,
      template: 'audit',
      events: [
        { to: 'sent', afterHours: 0 },
        { to: 'declined', afterHours: 24 },
      ],
      views: 1,
    },
    {
      name: 'sent, validity passed',
      createdAt: '2024-03-12T09:00:00Z',
      status: 'sent',
      validUntil: '2024-04-01',
      totalMinor: 150_000,
      events: [{ to: 'sent', afterHours: 5 }],
    },
    {
      name: 'opened, still valid',
      createdAt: '2024-03-20T09:00:00Z',
      status: 'sent',
      validUntil: '2024-05-01',
      totalMinor: 120_000,
      template: 'audit',
      events: [{ to: 'sent', afterHours: 1 }],
      views: 3,
    },
    {
      name: 'draft',
      createdAt: '2024-03-30T23:00:00Z',
      status: 'draft',
      validUntil: '2024-05-01',
      totalMinor: 90_000,
    },
    // The period before: one accepted, two declined.
    {
      name: 'previous accepted',
      createdAt: '2024-02-10T09:00:00Z',
      status: 'accepted',
      totalMinor: 400_000,
      events: [
        { to: 'sent', afterHours: 1 },
        { to: 'accepted', afterHours: 2 },
      ],
      optional: [{ label: 'Not in this period', ticked: true }],
    },
    ...(['2024-02-11T09:00:00Z', '2024-02-12T09:00:00Z'] as const).map((createdAt): SeedInput => ({
      name: `previous declined ${createdAt}`,
      createdAt,
      status: 'declined',
      totalMinor: 100_000,
      events: [
        { to: 'sent', afterHours: 1 },
        { to: 'declined', afterHours: 2 },
      ],
    })),
    // Outside both periods.
    {
      name: 'after the period',
      createdAt: '2024-03-31T00:00:00Z',
      status: 'accepted',
      totalMinor: 999_000,
      events: [{ to: 'accepted', afterHours: 1 }],
    },
  ] satisfies SeedInput[]
).map(withDefaults);

/** Bob's quotes fall in the same period; none of them may reach Alice's numbers. */
export const BOB_SEEDS: Seed[] = ALICE_SEEDS.slice(0, 3).map((seed) => ({
  ...seed,
  name: `bob ${seed.name}`,
  totalMinor: seed.totalMinor * 7,
  currency: 'GBP',
  template: 'web',
  optional: [{ label: 'SEO audit', ticked: false }],
}));

// The test's own reading of the rules, applied to the seeds.
export const inRange = (seed: Seed, from: Date, to: Date) =>
  new Date(seed.createdAt) >= from && new Date(seed.createdAt) < to;
export const current = ALICE_SEEDS.filter((seed) => inRange(seed, range.from, range.to));
export const previous = ALICE_SEEDS.filter((seed) =>
  inRange(seed, range.previousFrom, range.previousTo),
);
export const today = NOW.toISOString().slice(0, 10);
export const shownStatus = (seed: Seed): QuoteStatus =>
  ['draft', 'sent', 'viewed'].includes(seed.status) && seed.validUntil < today
    ? 'expired'
    : seed.status;
export const answered = (seed: Seed) => seed.status === 'accepted' || seed.status === 'declined';
export const everSent = (seed: Seed) =>
  answered(seed) || (seed.events ?? []).some((event) => event.to === 'sent');
export const everViewed = (seed: Seed) =>
  answered(seed) ||
  (seed.views ?? 0) > 0 ||
  (seed.events ?? []).some((event) => event.to === 'viewed');
export const count = (seeds: Seed[], test: (seed: Seed) => boolean) => seeds.filter(test).length;
export const rateOf = (seeds: Seed[]) => {
  const decided = count(seeds, (seed) =>
    ['accepted', 'declined', 'expired'].includes(shownStatus(seed)),
  );
  return decided === 0 ? null : count(seeds, (seed) => seed.status === 'accepted') / decided;
};
export function totalsOf(seeds: Seed[]) {
  const sums: Record<string, number> = {};
  for (const seed of seeds) sums[seed.currency] = (sums[seed.currency] ?? 0) + seed.totalMinor;
  return Object.entries(sums)
    .filter(([, amountMinor]) => amountMinor !== 0)
    .map(([currency, amountMinor]) => ({ currency, amountMinor }))
    .sort((a, b) => b.amountMinor - a.amountMinor);
}
export function hoursOf(seed: Seed): number | null {
  const sent = seed.events?.find((event) => event.to === 'sent');
  const decided = seed.events?.find((event) => event.to === 'accepted' || event.to === 'declined');
  return sent && decided ? decided.afterHours - sent.afterHours : null;
}
