import type { AnalyticsRangeQuery, ResolvedRange } from '#contract/analytics-range';

/**
 * The period a report is computed for and the one it is compared with: the period of the same
 * length that ends where this one starts. Instants are kept as given (from inclusive, to
 * exclusive); the time zone says how they are cut into days, weeks and hours.
 */
export type AnalyticsRange = {
  from: Date;
  to: Date;
  previousFrom: Date;
  previousTo: Date;
  tz: string;
};

/** The range of a validated query (the contract's schema has checked from < to and the tz). */
export function resolveRange(query: AnalyticsRangeQuery): AnalyticsRange {
  const from = new Date(query.from);
  const to = new Date(query.to);
  const length = to.getTime() - from.getTime();
  return {
    from,
    to,
    previousFrom: new Date(from.getTime() - length),
    previousTo: new Date(from.getTime()),
    tz: query.tz,
  };
}

/** The range as the API answers it (ISO 8601 UTC strings). */
export function resolvedRangeOf(range: AnalyticsRange): ResolvedRange {
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    previousFrom: range.previousFrom.toISOString(),
    previousTo: range.previousTo.toISOString(),
    tz: range.tz,
  };
}
