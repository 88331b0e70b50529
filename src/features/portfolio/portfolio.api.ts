import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import type {
  CreatePortfolioItemBody,
  PortfolioFacets,
  PortfolioItem,
  PortfolioPage,
  PortfolioSearchMode,
  PortfolioSearchResult,
  PortfolioUploadLimits,
  UpdatePortfolioItemBody,
} from '@/contract/portfolio';
import { api } from '@/store/api';

/** The most items the screens load (pages of 200 from the API). */
export const PORTFOLIO_LOAD_MAX = 1_000;
const PAGE = 200;

export type PortfolioListArgs = { skill?: string; industry?: string };
export type PortfolioSearchArgs = {
  q: string;
  mode: PortfolioSearchMode;
  skill?: string;
  industry?: string;
  limit?: number;
};
export type PortfolioList = { items: PortfolioItem[]; truncated: boolean };

const LIST = { type: 'Portfolio' as const, id: 'LIST' };

/** Moves an item of a loaded list to just after `afterId` (or to the top when it is null). */
function moveItemInList(list: PortfolioList, id: string, afterId: string | null) {
  const from = list.items.findIndex((item) => item.id === id);
  if (from < 0) return;
  const [moving] = list.items.splice(from, 1);
  const to = afterId === null ? 0 : list.items.findIndex((item) => item.id === afterId) + 1;
  list.items.splice(to, 0, moving!);
}

/** The reads: the list, its facets and the search. */
const portfolioQueriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every item of the caller (in pages of 200, up to 1,000), in their order. */
    listPortfolio: build.query<PortfolioList, PortfolioListArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const items: PortfolioItem[] = [];
        let cursor: string | null = null;
        do {
          const params: Record<string, string | number> = { limit: PAGE };
          if (args.skill) params.skill = args.skill;
          if (args.industry) params.industry = args.industry;
          if (cursor) params.cursor = cursor;
          const result = await baseQuery({ url: '/api/portfolio/items', params });
          if (result.error) return { error: result.error as FetchBaseQueryError };
          const page = result.data as PortfolioPage;
          items.push(...page.items);
          cursor = page.nextCursor;
        } while (cursor && items.length < PORTFOLIO_LOAD_MAX);
        return { data: { items, truncated: cursor !== null } };
      },
      providesTags: (result) => [
        ...(result?.items.map((item) => ({ type: 'Portfolio' as const, id: item.id })) ?? []),
        LIST,
      ],
    }),
    portfolioFacets: build.query<PortfolioFacets, void>({
      query: () => '/api/portfolio/facets',
      providesTags: [LIST],
    }),
    /** The server's upload limits; they change only with its configuration. */
    portfolioUploadLimits: build.query<PortfolioUploadLimits, void>({
      query: () => '/api/portfolio/upload-limits',
      keepUnusedDataFor: 3_600,
    }),
    searchPortfolio: build.query<PortfolioSearchResult, PortfolioSearchArgs>({
      query: ({ q, mode, skill, industry, limit = 20 }) => ({
        url: '/api/portfolio/search',
        params: {
          q,
          mode,
          limit,
          ...(skill ? { skill } : {}),
          ...(industry ? { industry } : {}),
        },
      }),
      providesTags: [LIST],
    }),
  }),
});

/** The writes: create, edit, delete, restore, reorder and file removal. */
const portfolioMutationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPortfolioItem: build.mutation<PortfolioItem, CreatePortfolioItemBody>({
      query: (body) => ({ url: '/api/portfolio/items', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updatePortfolioItem: build.mutation<
      PortfolioItem,
      { id: string; body: UpdatePortfolioItemBody }
    >({
      query: ({ id, body }) => ({ url: `/api/portfolio/items/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Portfolio', id }, LIST],
    }),
    deletePortfolioItem: build.mutation<PortfolioItem, string>({
      query: (id) => ({ url: `/api/portfolio/items/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    restorePortfolioItem: build.mutation<PortfolioItem, string>({
      query: (id) => ({ url: `/api/portfolio/items/${id}/restore`, method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    movePortfolioItem: build.mutation<PortfolioItem, { id: string; afterId: string | null }>({
      query: ({ id, afterId }) => ({
        url: `/api/portfolio/items/${id}/move`,
        method: 'POST',
        body: { afterId },
      }),
      // The list is reordered at once; the server's answer then confirms it.
      async onQueryStarted({ id, afterId }, { dispatch, queryFulfilled, getState }) {
        const patches = portfolioQueriesApi.util
          .selectInvalidatedBy(getState(), [LIST])
          .filter((entry) => entry.endpointName === 'listPortfolio')
          .map((entry) =>
            dispatch(
              portfolioQueriesApi.util.updateQueryData(
                'listPortfolio',
                entry.originalArgs as PortfolioListArgs,
                (draft) => moveItemInList(draft, id, afterId),
              ),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: [LIST],
    }),
    deletePortfolioFile: build.mutation<PortfolioItem, { itemId: string; fileId: string }>({
      query: ({ itemId, fileId }) => ({
        url: `/api/portfolio/items/${itemId}/files/${fileId}`,
        method: 'DELETE',
      }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useListPortfolioQuery,
  usePortfolioFacetsQuery,
  usePortfolioUploadLimitsQuery,
  useSearchPortfolioQuery,
} = portfolioQueriesApi;

export const {
  useCreatePortfolioItemMutation,
  useUpdatePortfolioItemMutation,
  useDeletePortfolioItemMutation,
  useRestorePortfolioItemMutation,
  useMovePortfolioItemMutation,
  useDeletePortfolioFileMutation,
} = portfolioMutationsApi;

/** The API's error message (`{ error: { message } }`), or a fallback for network failures. */
export function apiErrorMessage(
  error: unknown,
  fallback = 'Something went wrong. Try again.',
): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null && 'error' in data) {
      const message = (data as { error?: { message?: unknown } }).error?.message;
      if (typeof message === 'string' && message) return message;
    }
  }
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (status === 'FETCH_ERROR') return 'The server could not be reached. Check your connection.';
  }
  return fallback;
}

/** Field errors from a 400 `validation_failed` (`details: [{ path: 'body.title', message }]`). */
export function apiFieldErrors(error: unknown): Array<{ field: string; message: string }> {
  if (typeof error !== 'object' || error === null || !('data' in error)) return [];
  const details = (error as { data?: { error?: { details?: unknown } } }).data?.error?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null) return [];
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') return [];
    const field = path.replace(/^body\.?/, '');
    return field ? [{ field, message }] : [];
  });
}
