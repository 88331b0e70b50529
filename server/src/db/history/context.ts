import type { HistoryRows } from './history-rows.ts';
import type { Random } from './random.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** What every part of the generator shares: the user, the clock it was given, chance and ids. */
export type HistoryContext = {
  userId: string;
  now: Date;
  /** The first instant of the history. */
  start: Date;
  random: Random;
  nextId: () => string;
  rows: HistoryRows;
};

export const addHours = (date: Date, hours: number): Date =>
  new Date(date.getTime() + Math.round(hours * HOUR_MS));

export const addDays = (date: Date, days: number): Date => addHours(date, days * 24);

/** yyyy-mm-dd of an instant, in UTC. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The later of two instants. */
export const later = (a: Date, b: Date): Date => (a.getTime() >= b.getTime() ? a : b);

/** True when the instant has already happened by `now` (with a few minutes to spare). */
export const isPast = (context: HistoryContext, date: Date): boolean =>
  date.getTime() <= context.now.getTime() - 5 * 60_000;

/** Monday 1 .. Sunday 7, in UTC. */
const weekdayOf = (date: Date): number => ((date.getUTCDay() + 6) % 7) + 1;

/** Freelancers send most on weekdays, fewest on Sunday. */
const WEEKDAY_WEIGHT: Record<number, number> = {
  1: 1,
  2: 1,
  3: 0.95,
  4: 0.9,
  5: 0.7,
  6: 0.3,
  7: 0.2,
};

/** Working hours in UTC, busiest in the morning and early afternoon. */
const HOUR_WEIGHTS: ReadonlyArray<readonly [number, number]> = Array.from(
  { length: 24 },
  (_, hour) => {
    if (hour >= 8 && hour <= 11) return [hour, 10] as const;
    if (hour >= 13 && hour <= 17) return [hour, 7] as const;
    if (hour === 12 || (hour >= 18 && hour <= 21)) return [hour, 3] as const;
    return [hour, 0.4] as const;
  },
);

/**
 * A time a freelancer plausibly sends a proposal: any day of the history (more in recent months,
 * as the practice grows), mostly on weekdays and in working hours, never in the future.
 */
export function workingInstant(context: HistoryContext, from: Date = context.start): Date {
  const { random, now } = context;
  const span = now.getTime() - from.getTime();
  // No working day left between `from` and now: half an hour ago will do.
  if (span < DAY_MS) return new Date(Math.max(from.getTime(), now.getTime() - HOUR_MS / 2));
  for (;;) {
    const position = random.next() ** 0.8;
    const day = new Date(from.getTime() + position * span);
    day.setUTCHours(0, 0, 0, 0);
    if (!random.chance(WEEKDAY_WEIGHT[weekdayOf(day)] ?? 1)) continue;
    const hour = random.weighted(HOUR_WEIGHTS);
    const instant = new Date(
      day.getTime() + hour * HOUR_MS + random.int(0, 59) * 60_000 + random.int(0, 59) * 1_000,
    );
    if (instant.getTime() >= from.getTime() && isPast(context, addHours(instant, 0.25))) {
      return instant;
    }
  }
}

/** A person's name and company, from the catalog's lists. */
export function personAndCompany(
  random: Random,
  lists: {
    first: readonly string[];
    last: readonly string[];
    words: readonly string[];
    suffixes: readonly string[];
  },
): { name: string; company: string } {
  return {
    name: `${random.pick(lists.first)} ${random.pick(lists.last)}`,
    company: `${random.pick(lists.words)} ${random.pick(lists.suffixes)}`,
  };
}
