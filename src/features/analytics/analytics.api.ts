import type { AnalyticsRangeQuery } from '@/contract/analytics-range';
import type { QuoteAnalytics } from '@/contract/quote-analytics';
import type { CompareQuery, CompareResult, ResponseAnalytics } from '@/contract/response-analytics';
import { api } from '@/store/api';

/**
 * The analytics pages' reads. Each asks again whenever a page mounts, so the numbers are fresh
 * when the user comes back after sending a response or recording a payment.
 */

const ANALYTICS = { type: 'Analytics' as const, id: 'ANALYTICS' };

function rangeParams(query: AnalyticsRangeQuery): Record<string, string> {
  return { from: query.from, to: query.to, tz: query.tz };
}

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/analytics/responses: funnel, totals, breakdowns and the fit calibration. */
    getResponseAnalytics: build.query<ResponseAnalytics, AnalyticsRangeQuery>({
      query: (query) => ({ url: '/api/analytics/responses', params: rangeParams(query) }),
      providesTags: [ANALYTICS],
    }),
    /** GET /api/analytics/responses/compare: two variants or two templates side by side. */
    compareResponses: build.query<CompareResult, CompareQuery>({
      query: (query) => ({
        url: '/api/analytics/responses/compare',
        params: { ...rangeParams(query), kind: query.kind, a: query.a, b: query.b },
      }),
      providesTags: [ANALYTICS],
    }),
    /** GET /api/analytics/quotes: quotes created in the period and how clients answered. */
    getQuoteAnalytics: build.query<QuoteAnalytics, AnalyticsRangeQuery>({
      query: (query) => ({ url: '/api/analytics/quotes', params: rangeParams(query) }),
      providesTags: [ANALYTICS],
    }),
  }),
});

const fresh = { refetchOnMountOrArgChange: true } as const;

export function useGetResponseAnalyticsQuery(
  query: AnalyticsRangeQuery,
  options?: { skip?: boolean },
) {
  return analyticsApi.useGetResponseAnalyticsQuery(query, { ...fresh, ...options });
}

export function useCompareResponsesQuery(query: CompareQuery, options?: { skip?: boolean }) {
  return analyticsApi.useCompareResponsesQuery(query, { ...fresh, ...options });
}

export function useGetQuoteAnalyticsQuery(
  query: AnalyticsRangeQuery,
  options?: { skip?: boolean },
) {
  return analyticsApi.useGetQuoteAnalyticsQuery(query, { ...fresh, ...options });
}
