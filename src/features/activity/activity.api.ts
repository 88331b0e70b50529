import type { Activity } from '@/contract/activity';
import type { Page } from '@/contract/pagination';
import { api } from '@/store/api';

import { apiQueryFromFilters, type ActivityFilters } from './activity-filters';

/** How many entries one page of the timeline loads. */
export const ACTIVITY_PAGE_SIZE = 50;

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/activities: the signed-in user's own entries, newest first, a cursor per page. */
    listActivities: build.infiniteQuery<Page<Activity>, ActivityFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
        maxPages: 200,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/activities',
        params: {
          ...apiQueryFromFilters(queryArg),
          limit: ACTIVITY_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      providesTags: [{ type: 'Activity', id: 'LIST' }],
    }),
    /** GET /api/activities/export: every entry the filters select, as CSV text. */
    exportActivities: build.mutation<string, ActivityFilters>({
      query: (filters) => ({
        url: '/api/activities/export',
        params: { ...apiQueryFromFilters(filters), format: 'csv' },
        responseHandler: 'text',
      }),
      invalidatesTags: [{ type: 'Activity', id: 'LIST' }],
    }),
  }),
});

export const { useListActivitiesInfiniteQuery, useExportActivitiesMutation } = activityApi;
