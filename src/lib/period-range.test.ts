import { describe, expect, it } from 'vitest';

import { analyticsRangeQuerySchema } from '@/contract/analytics-range';

import { customDaysError, dayIn, rangeFor, startOfDayIn, todayIn } from './period-range';

/** The wall clock of an instant in a zone, "yyyy-mm-dd hh:mm", read independently with Intl. */
function wallClock(iso: string, tz: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('rangeFor', () => {
  it('runs the last 30 days from the start of the day 29 days ago to the start of tomorrow', () => {
    const now = new Date('2026-03-15T10:00:00Z');
    const range = rangeFor('30d', undefined, now, 'UTC');
    expect(range).toEqual({
      from: '2026-02-14T00:00:00.000Z',
      to: '2026-03-16T00:00:00.000Z',
      tz: 'UTC',
    });
    expect(analyticsRangeQuerySchema.safeParse(range).success).toBe(true);
  });

  it('counts days on the local calendar across a daylight-saving change', () => {
    // 31 March in Berlin is summer time (+2); a week earlier it was winter time (+1).
    const range = rangeFor('7d', undefined, new Date('2026-03-31T12:00:00Z'), 'Europe/Berlin');
    expect(wallClock(range.from, 'Europe/Berlin')).toBe('2026-03-25 00:00');
    expect(wallClock(range.to, 'Europe/Berlin')).toBe('2026-04-01 00:00');
    // Seven local days, one of them an hour short.
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(7 * 86_400_000 - 3_600_000);
  });

  it('starts this year on 1 January where the user is, even when it is already next year in UTC', () => {
    // 03:00 UTC on 1 January is still the evening of 31 December in New York.
    const now = new Date('2026-01-01T03:00:00Z');
    const range = rangeFor('ytd', undefined, now, 'America/New_York');
    expect(wallClock(range.from, 'America/New_York')).toBe('2025-01-01 00:00');
    expect(wallClock(range.to, 'America/New_York')).toBe('2026-01-01 00:00');
    expect(range.to > now.toISOString()).toBe(true);
  });

  it('includes both the first and the last day of a custom period', () => {
    const range = rangeFor(
      'custom',
      { from: '2026-02-01', to: '2026-02-28' },
      new Date('2026-06-01T00:00:00Z'),
      'Asia/Tokyo',
    );
    expect(wallClock(range.from, 'Asia/Tokyo')).toBe('2026-02-01 00:00');
    expect(wallClock(range.to, 'Asia/Tokyo')).toBe('2026-03-01 00:00');
  });

  it('answers a custom period it cannot use with the last 30 days', () => {
    const now = new Date('2026-05-10T08:00:00Z');
    const fallback = rangeFor('30d', undefined, now, 'UTC');
    expect(rangeFor('custom', { from: '2026-05-09', to: '2026-05-01' }, now, 'UTC')).toEqual(
      fallback,
    );
    expect(rangeFor('custom', undefined, now, 'UTC')).toEqual(fallback);
  });

  it('gives 90 days and 7 days as that many local days ending today', () => {
    const now = new Date('2026-08-20T23:30:00Z');
    for (const [period, days] of [
      ['7d', 7],
      ['90d', 90],
    ] as const) {
      const range = rangeFor(period, undefined, now, 'UTC');
      expect((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000).toBe(days);
      expect(range.to).toBe('2026-08-21T00:00:00.000Z');
    }
  });
});

describe('startOfDayIn', () => {
  it('finds the first minute of a day whose midnight the clocks skip', () => {
    // Where summer time starts at midnight, 00:00 does not exist and the day starts later.
    for (const tz of ['America/Santiago', 'America/Asuncion', 'Europe/Berlin', 'UTC']) {
      for (const month of [1, 4, 9, 10]) {
        for (let day = 1; day <= 28; day += 1) {
          const start = startOfDayIn({ year: 2025, month, day }, tz);
          expect(dayIn(start, tz)).toEqual({ year: 2025, month, day });
          expect(dayIn(new Date(start.getTime() - 60_000), tz)).not.toEqual({
            year: 2025,
            month,
            day,
          });
        }
      }
    }
  });
});

describe('customDaysError', () => {
  it('explains dates that cannot make a period', () => {
    expect(customDaysError({ from: '', to: '2026-01-02' })).toBe('Choose a start and an end date');
    expect(customDaysError({ from: '2026-02-30', to: '2026-03-02' })).toBe(
      'The start date is not a valid date',
    );
    expect(customDaysError({ from: '2026-03-02', to: '2026-03-01' })).toBe(
      'The end date must be on or after the start date',
    );
    expect(customDaysError({ from: '2016-01-01', to: '2026-01-01' })).toBe(
      'Choose a period of at most five years',
    );
    expect(customDaysError({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
  });

  it('reads today in the given zone', () => {
    expect(todayIn(new Date('2026-01-01T03:00:00Z'), 'America/New_York')).toBe('2025-12-31');
  });
});
