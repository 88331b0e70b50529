/**
 * The analytics area as other areas and the routes see it. Analytics only reads: it joins the
 * tables of responses, quotes, leads, transactions, jobs, messages, templates and portfolio in
 * SQL, scoped to one user and a period, and never writes them.
 */
export { resolveRange, resolvedRangeOf, type AnalyticsRange } from './range.ts';
export { dashboard } from './dashboard.ts';
export {
  funnelOf,
  reachedAtLeast,
  sentResponseFacts,
  type ResponseFact,
} from './response-facts.ts';
export { responseAnalytics } from './response-analytics.ts';
export { compareResponses } from './compare.ts';
export { ownHireRates, type OwnHireRates } from './own-rates.ts';
export { quoteAnalytics } from './quote-analytics.ts';
