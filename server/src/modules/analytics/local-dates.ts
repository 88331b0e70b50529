/**
 * Calendar dates in the user's time zone, as yyyy-mm-dd strings. A period covers the dates from
 * the day its start falls on to the day its last instant falls on; weeks start on Monday, as in
 * ISO 8601. Date arithmetic is done on the calendar (UTC days), never on instants, so a change
 * of daylight saving time cannot move a day.
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

/** The date an instant falls on in `tz`. */
export function localDateOf(instant: Date, tz: string): string {
  const parts = formatterFor(tz).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

function utcDayOf(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

function dateOfUtcDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfUtcDay(new Date(utcDayOf(date).getTime() + days * DAY_MS));
}

/** The Monday of the week a date is in. */
export function mondayOf(date: string): string {
  const weekday = utcDayOf(date).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The first day of the month a date is in. */
export function monthStartOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

function nextMonthStart(date: string): string {
  const day = utcDayOf(monthStartOf(date));
  day.setUTCMonth(day.getUTCMonth() + 1);
  return dateOfUtcDay(day);
}

/** The first and last date (inclusive) a window [from, to) touches in `tz`. */
export function datesOfWindow(
  window: { from: Date; to: Date },
  tz: string,
): { first: string; last: string } {
  return {
    first: localDateOf(window.from, tz),
    last: localDateOf(new Date(window.to.getTime() - 1), tz),
  };
}

export type DateBucket = 'day' | 'week' | 'month';

/** The start of the bucket a date belongs to. */
export function bucketStartOf(date: string, bucket: DateBucket): string {
  if (bucket === 'week') return mondayOf(date);
  if (bucket === 'month') return monthStartOf(date);
  return date;
}

/** Every bucket start from the one holding `first` to the one holding `last`, in order. */
export function bucketStarts(first: string, last: string, bucket: DateBucket): string[] {
  const starts: string[] = [];
  const end = bucketStartOf(last, bucket);
  let current = bucketStartOf(first, bucket);
  while (current <= end) {
    starts.push(current);
    current =
      bucket === 'month' ? nextMonthStart(current) : addDays(current, bucket === 'week' ? 7 : 1);
  }
  return starts;
}
