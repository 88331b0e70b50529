import {
  BID_BUCKET_LABELS,
  BID_BUCKETS,
  BREAKDOWN_DIMENSIONS,
  FIT_BUCKETS,
  type Breakdown,
  type BreakdownDimension,
  type BreakdownRow,
} from '#contract/response-analytics';

import { fitBucketOf } from './own-rates.ts';
import { reachedAtLeast, type ResponseFact } from './response-facts.ts';
import { addTo, moneyTotalsOf } from './sql-rows.ts';

/**
 * The responses of a period cut by each dimension: template, variant, job category, fit score,
 * hour and weekday sent (in the user's time zone), portfolio item cited and bid against the
 * budget. A response that cites two portfolio items counts under both; every other dimension
 * puts each response in exactly one row, so those rows add up to the period's totals.
 *
 * Rows with a natural order keep it (variants A then B, fit buckets low to high, hours 0-23,
 * Monday to Sunday, bid below to above); the others show the most sent first.
 */

const NONE = 'none';
const UNKNOWN_FIT = 'unknown';
const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

type Slot = { key: string; label: string };

/** The rows a dimension always shows, in their natural order (even with nothing sent). */
const FIXED_SLOTS: Partial<Record<BreakdownDimension, Slot[]>> = {
  variant: [
    { key: 'A', label: 'Variant A' },
    { key: 'B', label: 'Variant B' },
  ],
  fit: FIT_BUCKETS.map(({ key }) => ({ key, label: key })),
  hour: Array.from({ length: 24 }, (_, hour) => ({
    key: String(hour),
    label: `${String(hour).padStart(2, '0')}:00`,
  })),
  weekday: WEEKDAY_NAMES.map((label, index) => ({ key: String(index + 1), label })),
  bid: BID_BUCKETS.map((key) => ({ key, label: BID_BUCKET_LABELS[key] })),
};

/** The rows a response belongs to in a dimension. */
function slotsOf(fact: ResponseFact, dimension: BreakdownDimension): Slot[] {
  switch (dimension) {
    case 'template':
      return [
        fact.templateId
          ? { key: fact.templateId, label: fact.templateName ?? 'Deleted template' }
          : { key: NONE, label: 'No template' },
      ];
    case 'variant':
      return [{ key: fact.variant, label: `Variant ${fact.variant}` }];
    case 'category':
      return [
        fact.category
          ? { key: fact.category, label: fact.category }
          : { key: NONE, label: 'Uncategorised' },
      ];
    case 'fit': {
      if (fact.fitScore === null) return [{ key: UNKNOWN_FIT, label: 'No fit score' }];
      const key = fitBucketOf(fact.fitScore);
      return [{ key, label: key }];
    }
    case 'hour':
      return [FIXED_SLOTS.hour![fact.hourLocal]!];
    case 'weekday':
      return [FIXED_SLOTS.weekday![fact.weekdayLocal - 1]!];
    case 'portfolio':
      return fact.portfolioItems.length > 0
        ? fact.portfolioItems.map((item) => ({ key: item.id, label: item.title }))
        : [{ key: NONE, label: 'No portfolio item' }];
    case 'bid':
      return [{ key: fact.bidBucket, label: BID_BUCKET_LABELS[fact.bidBucket] }];
  }
}

type Tally = {
  slot: Slot;
  sent: number;
  replied: number;
  interviews: number;
  hired: number;
  connects: number;
  revenue: Map<string, number>;
};

function emptyTally(slot: Slot): Tally {
  return { slot, sent: 0, replied: 0, interviews: 0, hired: 0, connects: 0, revenue: new Map() };
}

function toRow(tally: Tally): BreakdownRow {
  return {
    key: tally.slot.key,
    label: tally.slot.label,
    sent: tally.sent,
    replied: tally.replied,
    interviews: tally.interviews,
    hired: tally.hired,
    replyRate: tally.sent > 0 ? tally.replied / tally.sent : null,
    hireRate: tally.sent > 0 ? tally.hired / tally.sent : null,
    connects: tally.connects,
    revenue: moneyTotalsOf(tally.revenue),
  };
}

export function breakdownOf(facts: ResponseFact[], dimension: BreakdownDimension): Breakdown {
  const fixed = FIXED_SLOTS[dimension];
  const tallies = new Map<string, Tally>((fixed ?? []).map((slot) => [slot.key, emptyTally(slot)]));
  for (const fact of facts) {
    for (const slot of slotsOf(fact, dimension)) {
      const tally = tallies.get(slot.key) ?? emptyTally(slot);
      tallies.set(slot.key, tally);
      tally.sent += 1;
      if (reachedAtLeast(fact, 'replied')) tally.replied += 1;
      if (reachedAtLeast(fact, 'interview')) tally.interviews += 1;
      if (reachedAtLeast(fact, 'hired')) tally.hired += 1;
      tally.connects += fact.connects;
      for (const money of fact.revenue) addTo(tally.revenue, money.currency, money.amountMinor);
    }
  }
  const rows = [...tallies.values()].map(toRow);
  if (!fixed) {
    rows.sort((a, b) => b.sent - a.sent || a.label.localeCompare(b.label));
  }
  return { dimension, rows };
}

/** Every dimension of BREAKDOWN_DIMENSIONS, in that order. */
export function breakdownsOf(facts: ResponseFact[]): Breakdown[] {
  return BREAKDOWN_DIMENSIONS.map((dimension) => breakdownOf(facts, dimension));
}
