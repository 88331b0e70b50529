import {
  ANALYTICS_MAX_SPAN_DAYS,
  type AnalyticsPeriod,
  type AnalyticsRangeQuery,
} from '@/contract/analytics-range';

/**
 * The analytics period a user picked, turned into the two instants the API is asked for. Days
 * are the user's own calendar days in `tz`: "Last 30 days" is today and the 29 days before it,
 * from the start of the first day to the start of tomorrow; "This year" runs from 1 January to
 * the start of tomorrow; custom dates include both the first and the last day.
 */

/** A calendar day, yyyy-mm-dd. */
export type CalendarDay = string;
export type CustomDays = { from: CalendarDay; to: CalendarDay };

const DAYS_BACK: Record<'7d' | '30d' | '90d', number> = { '7d': 6, '30d': 29, '90d': 89 };

/** The browser's IANA time zone, UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

type DayParts = { year: number; month: number; day: number };

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function dayString({ year, month, day }: DayParts): CalendarDay {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Reads yyyy-mm-dd into parts; null when it is not a real calendar day. */
export function parseCalendarDay(value: string): DayParts | null {
  if (value.length !== 10 || value[4] !== '-' || value[7] !== '-') return null;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (![year, month, day].every(Number.isInteger) || year < 1970 || month < 1 || day < 1) {
    return null;
  }
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The day `days` after (or before, when negative) the given one, on the calendar. */
function addDays(parts: DayParts, days: number): DayParts {
  const moved = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(tz: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormatters.set(tz, formatter);
  }
  return formatter;
}

/** The wall-clock time in `tz` at an instant, as if that wall clock were UTC (in ms). */
function wallClockMs(instant: number, tz: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(tz).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The calendar day in `tz` at an instant. */
export function dayIn(instant: Date, tz: string): DayParts {
  const wall = new Date(wallClockMs(instant.getTime(), tz));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The instant a day starts in `tz`. Where the clocks jump over midnight, the day starts at the
 * first minute that exists.
 */
export function startOfDayIn(parts: DayParts, tz: string): Date {
  const wallMidnight = Date.UTC(parts.year, parts.month - 1, parts.day);
  let guess = wallMidnight - (wallClockMs(wallMidnight, tz) - wallMidnight);
  // The offset at the guess may differ from the offset at the first guess (a DST change between).
  const offsetAtGuess = wallClockMs(guess, tz) - guess;
  guess = wallMidnight - offsetAtGuess;
  if (wallClockMs(guess, tz) < wallMidnight) {
    // Midnight does not exist that day: take the first instant of the day that does.
    guess += wallMidnight - wallClockMs(guess, tz);
  }
  return new Date(guess);
}

/** Why custom dates cannot be used, or null when they can. */
export function customDaysError(custom: Partial<CustomDays> | undefined): string | null {
  if (!custom?.from || !custom.to) return 'Choose a start and an end date';
  const from = parseCalendarDay(custom.from);
  const to = parseCalendarDay(custom.to);
  if (!from) return 'The start date is not a valid date';
  if (!to) return 'The end date is not a valid date';
  const fromMs = Date.UTC(from.year, from.month - 1, from.day);
  const toMs = Date.UTC(to.year, to.month - 1, to.day);
  if (toMs < fromMs) return 'The end date must be on or after the start date';
  if ((toMs - fromMs) / 86_400_000 + 1 > ANALYTICS_MAX_SPAN_DAYS) {
    return 'Choose a period of at most five years';
  }
  return null;
}

function usableCustomDays(
  custom: Partial<CustomDays> | undefined,
): { first: DayParts; last: DayParts } | null {
  if (customDaysError(custom) !== null) return null;
  const first = parseCalendarDay(custom?.from ?? '');
  const last = parseCalendarDay(custom?.to ?? '');
  return first && last ? { first, last } : null;
}

/**
 * The query of a period: from inclusive, to exclusive, both ISO instants. A custom period
 * whose dates cannot be used (see customDaysError) is answered with the last 30 days.
 */
export function rangeFor(
  period: AnalyticsPeriod,
  custom: Partial<CustomDays> | undefined,
  now: Date,
  tz: string,
): AnalyticsRangeQuery {
  const today = dayIn(now, tz);
  const tomorrow = addDays(today, 1);
  const customDays = period === 'custom' ? usableCustomDays(custom) : null;
  let first: DayParts;
  let afterLast: DayParts = tomorrow;
  if (customDays) {
    first = customDays.first;
    afterLast = addDays(customDays.last, 1);
  } else if (period === 'ytd') {
    first = { year: today.year, month: 1, day: 1 };
  } else {
    const back = period === '7d' || period === '90d' ? DAYS_BACK[period] : DAYS_BACK['30d'];
    first = addDays(today, -back);
  }
  return {
    from: startOfDayIn(first, tz).toISOString(),
    to: startOfDayIn(afterLast, tz).toISOString(),
    tz,
  };
}

/** Today in `tz` as yyyy-mm-dd (the default end of a custom period). */
export function todayIn(now: Date, tz: string): CalendarDay {
  return dayString(dayIn(now, tz));
}

/** The day `days` before `day`, yyyy-mm-dd (the default start of a custom period). */
export function daysBefore(day: CalendarDay, days: number): CalendarDay {
  const parts = parseCalendarDay(day);
  return parts ? dayString(addDays(parts, -days)) : day;
}
