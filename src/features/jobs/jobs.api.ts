import type {
  CsvImportResult,
  Job,
  JobFilters,
  JobScoreDetails,
  ManualJobBody,
  ParsedJob,
  UpdateJobBody,
} from '@/contract/jobs';
import type {
  CreateSavedSearchBody,
  SavedSearch,
  UpdateSavedSearchBody,
} from '@/contract/saved-searches';
import type { Page } from '@/contract/pagination';
import type {
  UpworkCallbackBody,
  UpworkConnection,
  UpworkDisconnectPreview,
  UpworkSyncResult,
} from '@/contract/upwork';
import { api } from '@/store/api';

import { validationMessage } from './validation-message';

/** Browse Jobs endpoints on the shared API slice (docs/conventions.md). */

/** The filters as the SPA holds them; sent as query parameters (lists comma-separated). */
export type ListJobsArgs = JobFilters & { limit?: number; includeHidden?: boolean };

function toParams(args: ListJobsArgs, cursor: string | null): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '') continue;
    params[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  if (cursor) params.cursor = cursor;
  return params;
}

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listJobs: build.infiniteQuery<Page<Job>, ListJobsArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
        maxPages: 200,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/jobs',
        params: toParams(queryArg, pageParam),
      }),
      providesTags: [{ type: 'Job', id: 'LIST' }],
    }),
    getJob: build.query<Job, string>({
      query: (id) => `/api/jobs/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Job', id }],
    }),
    updateJob: build.mutation<Job, { id: string; body: UpdateJobBody }>({
      query: ({ id, body }) => ({ url: `/api/jobs/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Job', id },
        { type: 'Job', id: 'LIST' },
      ],
    }),
    parseJob: build.mutation<{ job: ParsedJob; score: JobScoreDetails }, ManualJobBody>({
      query: (body) => ({ url: '/api/jobs/parse', method: 'POST', body }),
    }),
    saveManualJob: build.mutation<Job, ManualJobBody>({
      query: (body) => ({ url: '/api/jobs/manual', method: 'POST', body }),
      invalidatesTags: [{ type: 'Job', id: 'LIST' }],
    }),
    importCsv: build.mutation<CsvImportResult, { csv: string; dryRun: boolean }>({
      query: (body) => ({ url: '/api/jobs/import-csv', method: 'POST', body }),
      invalidatesTags: (result) => (result && !result.dryRun ? [{ type: 'Job', id: 'LIST' }] : []),
    }),

    listSavedSearches: build.query<SavedSearch[], void>({
      query: () => '/api/saved-searches',
      transformResponse: (page: Page<SavedSearch>) => page.items,
      providesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),
    createSavedSearch: build.mutation<SavedSearch, CreateSavedSearchBody>({
      query: (body) => ({ url: '/api/saved-searches', method: 'POST', body }),
      invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),
    updateSavedSearch: build.mutation<SavedSearch, { id: string; body: UpdateSavedSearchBody }>({
      query: ({ id, body }) => ({ url: `/api/saved-searches/${id}`, method: 'PATCH', body }),
      invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),
    loadSavedSearch: build.mutation<SavedSearch, string>({
      query: (id) => ({ url: `/api/saved-searches/${id}/load`, method: 'POST' }),
      invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),
    deleteSavedSearch: build.mutation<void, string>({
      query: (id) => ({ url: `/api/saved-searches/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),

    getUpworkConnection: build.query<UpworkConnection, void>({
      query: () => '/api/upwork/connection',
      providesTags: ['Upwork'],
    }),
    startUpworkConnect: build.mutation<{ authorizeUrl: string }, void>({
      query: () => ({ url: '/api/upwork/connect', method: 'POST' }),
    }),
    finishUpworkConnect: build.mutation<UpworkConnection, UpworkCallbackBody>({
      query: (body) => ({ url: '/api/upwork/callback', method: 'POST', body }),
      invalidatesTags: ['Upwork'],
    }),
    chooseUpworkOrganization: build.mutation<UpworkConnection, string>({
      query: (organizationId) => ({
        url: '/api/upwork/connection',
        method: 'PATCH',
        body: { organizationId },
      }),
      invalidatesTags: ['Upwork'],
    }),
    getUpworkDisconnectPreview: build.query<UpworkDisconnectPreview, void>({
      query: () => '/api/upwork/connection/disconnect-preview',
      providesTags: ['Upwork'],
    }),
    disconnectUpwork: build.mutation<UpworkConnection, void>({
      query: () => ({ url: '/api/upwork/connection', method: 'DELETE' }),
      // Disconnecting removes the Upwork jobs never acted on.
      invalidatesTags: ['Upwork', { type: 'Job', id: 'LIST' }],
    }),
    syncUpworkJobs: build.mutation<UpworkSyncResult, JobFilters>({
      query: (filters) => ({ url: '/api/upwork/sync', method: 'POST', body: filters }),
      invalidatesTags: ['Upwork', { type: 'Job', id: 'LIST' }],
    }),
  }),
});

export const {
  useListJobsInfiniteQuery,
  useGetJobQuery,
  useUpdateJobMutation,
  useParseJobMutation,
  useSaveManualJobMutation,
  useImportCsvMutation,
  useListSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useLoadSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useGetUpworkConnectionQuery,
  useStartUpworkConnectMutation,
  useFinishUpworkConnectMutation,
  useChooseUpworkOrganizationMutation,
  useGetUpworkDisconnectPreviewQuery,
  useDisconnectUpworkMutation,
  useSyncUpworkJobsMutation,
} = jobsApi;

type ApiErrorBody = { error?: { code?: string; message?: string; details?: unknown } };

function apiErrorOf(error: unknown): ApiErrorBody['error'] {
  if (error && typeof error === 'object' && 'data' in error) {
    return (error as { data?: ApiErrorBody }).data?.error;
  }
  return undefined;
}

/** True when the API refused what was sent (a filter value, a field): changing it is the fix. */
export function isValidationError(error: unknown): boolean {
  return apiErrorOf(error)?.code === 'validation_failed';
}

/**
 * The API's error message, for display next to the action that failed. A refused value is
 * named in the screen's words, never by its field path.
 */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Try again.',
): string {
  const body = apiErrorOf(error);
  if (body?.code === 'validation_failed') {
    const plain = validationMessage(body.details);
    if (plain) return plain;
  }
  if (body?.message) return body.message;
  if (
    error &&
    typeof error === 'object' &&
    'status' in error &&
    (error as { status: unknown }).status === 'FETCH_ERROR'
  ) {
    return 'The server cannot be reached. Check your connection and try again.';
  }
  return fallback;
}
