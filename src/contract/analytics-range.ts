import { z } from 'zod';

/**
 * The period every analytics request is asked for. The SPA turns the period the user picked
 * (7, 30 or 90 days, this year, or custom dates, kept in the URL) into two instants in the
 * user's own time zone; the server compares that period with the one of the same length just
 * before it. Weeks, hours and weekdays are counted in `tz`.
 */

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', 'ytd', 'custom'] as const;
export const analyticsPeriodSchema = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  ytd: 'This year',
  custom: 'Custom',
};

/** The longest period one request may cover (five years and a day or two of leap). */
export const ANALYTICS_MAX_SPAN_DAYS = 1_830;
const DAY_MS = 86_400_000;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isTimeZone, { message: 'Use an IANA time zone such as Europe/Berlin' });

/** `?from=&to=&tz=`: from inclusive, to exclusive, ISO 8601 instants. */
export const analyticsRangeQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time' }),
    to: z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time' }),
    tz: timeZoneSchema.default('UTC'),
  })
  .refine((range) => Date.parse(range.from) < Date.parse(range.to), {
    message: 'The period must end after it starts',
    path: ['to'],
  })
  .refine(
    (range) => Date.parse(range.to) - Date.parse(range.from) <= ANALYTICS_MAX_SPAN_DAYS * DAY_MS,
    { message: 'Choose a period of at most five years', path: ['from'] },
  );
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

/** An amount in one currency; money totals are lists of these, largest first. */
export const moneyAmountSchema = z.object({
  currency: z.string(),
  amountMinor: z.number().int(),
});
export type MoneyAmount = z.infer<typeof moneyAmountSchema>;
export const moneyTotalsSchema = z.array(moneyAmountSchema);
export type MoneyTotals = z.infer<typeof moneyTotalsSchema>;

/** The period the numbers were computed for, and the one they are compared with. */
export const resolvedRangeSchema = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  previousFrom: z.iso.datetime(),
  previousTo: z.iso.datetime(),
  tz: z.string(),
});
export type ResolvedRange = z.infer<typeof resolvedRangeSchema>;
