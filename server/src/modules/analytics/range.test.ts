import { describe, expect, it } from 'vitest';

import { analyticsRangeQuerySchema } from '#contract/analytics-range';

import { earningsBucketOf } from './earnings.ts';
import {
  addDays,
  bucketStarts,
  datesOfWindow,
  localDateOf,
  mondayOf,
  monthStartOf,
} from './local-dates.ts';
import { resolveRange, resolvedRangeOf } from './range.ts';

const query = (from: string, to: string, tz = 'UTC') =>
  analyticsRangeQuerySchema.parse({ from, to, tz });

describe('resolveRange', () => {
  it('compares a period with the one of the same length that ends where it starts', () => {
    const range = resolveRange(query('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z'));
    expect(range.previousTo.getTime()).toBe(range.from.getTime());
    expect(range.to.getTime() - range.from.getTime()).toBe(
      range.previousTo.getTime() - range.previousFrom.getTime(),
    );
    expect(range.previousFrom.toISOString()).toBe('2026-01-30T00:00:00.000Z');
  });

  it('keeps instants given with an offset and the time zone, and answers them in UTC', () => {
    const range = resolveRange(
      query('2026-01-01T00:00:00+01:00', '2026-01-08T00:00:00+01:00', 'Europe/Berlin'),
    );
    expect(resolvedRangeOf(range)).toEqual({
      from: '2025-12-31T23:00:00.000Z',
      to: '2026-01-07T23:00:00.000Z',
      previousFrom: '2025-12-24T23:00:00.000Z',
      previousTo: '2025-12-31T23:00:00.000Z',
      tz: 'Europe/Berlin',
    });
  });

  it('is refused by the contract for an empty or reversed period, a bad zone or over five years', () => {
    const bad = [
      { from: '2026-01-02T00:00:00Z', to: '2026-01-02T00:00:00Z' },
      { from: '2026-01-03T00:00:00Z', to: '2026-01-02T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', tz: 'Mars/Olympus' },
      { from: '2020-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
    ];
    for (const input of bad) expect(analyticsRangeQuerySchema.safeParse(input).success).toBe(false);
  });
});

describe('local dates', () => {
  it('reads the date an instant falls on in the time zone', () => {
    const instant = new Date('2026-03-01T23:30:00Z');
    expect(localDateOf(instant, 'UTC')).toBe('2026-03-01');
    expect(localDateOf(instant, 'Europe/Berlin')).toBe('2026-03-02');
    expect(localDateOf(instant, 'America/Los_Angeles')).toBe('2026-03-01');
  });

  it('covers the days a window touches, its end excluded', () => {
    const window = { from: new Date('2026-03-01T23:00:00Z'), to: new Date('2026-03-08T23:00:00Z') };
    expect(datesOfWindow(window, 'Europe/Berlin')).toEqual({
      first: '2026-03-02',
      last: '2026-03-08',
    });
    expect(datesOfWindow(window, 'UTC')).toEqual({ first: '2026-03-01', last: '2026-03-08' });
  });

  it('starts weeks on Monday and months on the first, across a daylight-saving change', () => {
    expect(mondayOf('2026-03-29')).toBe('2026-03-23'); // a Sunday, the day clocks change in Europe
    expect(mondayOf('2026-03-30')).toBe('2026-03-30');
    expect(monthStartOf('2026-02-28')).toBe('2026-02-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('lists every bucket from the first date to the last', () => {
    expect(bucketStarts('2026-01-30', '2026-02-02', 'day')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(bucketStarts('2026-01-01', '2026-01-20', 'week')).toEqual([
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
    ]);
    expect(bucketStarts('2025-11-15', '2026-02-01', 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });

  it('draws earnings by day up to 31 days, by week up to 190, by month beyond', () => {
    const span = (days: number) => ({
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date(Date.parse('2026-01-01T00:00:00Z') + days * 86_400_000),
    });
    expect(earningsBucketOf(span(7))).toBe('day');
    expect(earningsBucketOf(span(31))).toBe('day');
    expect(earningsBucketOf(span(32))).toBe('week');
    expect(earningsBucketOf(span(190))).toBe('week');
    expect(earningsBucketOf(span(191))).toBe('month');
  });
});
