import type { AnalyticsRangeQuery } from '@/contract/analytics-range';
import type { Dashboard } from '@/contract/dashboard';
import { api } from '@/store/api';

const DASHBOARD = { type: 'Dashboard' as const, id: 'DASHBOARD' };

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/analytics/dashboard: KPIs against the previous period, charts, lists, checklist. */
    getDashboard: build.query<Dashboard, AnalyticsRangeQuery>({
      query: (query) => ({
        url: '/api/analytics/dashboard',
        params: { from: query.from, to: query.to, tz: query.tz },
      }),
      providesTags: [DASHBOARD],
    }),
  }),
});

/** The dashboard of a period, asked again each time the page mounts (fresh numbers on return). */
export function useGetDashboardQuery(query: AnalyticsRangeQuery) {
  return dashboardApi.useGetDashboardQuery(query, { refetchOnMountOrArgChange: true });
}
