import type { Quote, QuoteShare, QuoteVersion, UpdateQuoteBody } from '@/contract/quotes-api';
import { api } from '@/store/api';

/** The quotes list and its totals by status (the list screen provides these; edits make them stale). */
const LIST = { type: 'Quote' as const, id: 'LIST' };
const SUMMARY = { type: 'Quote' as const, id: 'SUMMARY' };
const versionsTag = (id: string) => ({ type: 'Quote' as const, id: `versions:${id}` });

/**
 * The editor's endpoints; Mark as sent uses setQuoteStatus from quotes.api.ts. A save answers
 * with the whole quote, which is written straight into the cached quote instead of being fetched
 * again after every pause in typing.
 */
export const quoteEditorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuote: build.query<Quote, string>({
      query: (id) => `/api/quotes/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Quote', id }],
    }),
    updateQuote: build.mutation<Quote, { id: string; body: UpdateQuoteBody }>({
      query: ({ id, body }) => ({ url: `/api/quotes/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [LIST, SUMMARY, versionsTag(id)]),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.catch(() => null);
        if (saved) dispatch(quoteEditorApi.util.upsertQueryData('getQuote', id, saved.data));
      },
    }),
    quoteVersions: build.query<{ items: QuoteVersion[] }, string>({
      query: (id) => `/api/quotes/${id}/versions`,
      providesTags: (_r, _e, id) => [versionsTag(id)],
    }),
    restoreQuoteVersion: build.mutation<Quote, { id: string; number: number }>({
      query: ({ id, number }) => ({
        url: `/api/quotes/${id}/versions/${number}/restore`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Quote', id }, LIST, SUMMARY, versionsTag(id)],
    }),
    createQuoteShare: build.mutation<QuoteShare, { id: string; expiresOn: string | null }>({
      query: ({ id, expiresOn }) => ({
        url: `/api/quotes/${id}/share`,
        method: 'POST',
        body: { expiresOn },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Quote', id }, LIST],
    }),
    duplicateQuote: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `/api/quotes/${id}/duplicate`, method: 'POST' }),
      invalidatesTags: [LIST, SUMMARY],
    }),
    revokeQuoteShare: build.mutation<null, string>({
      query: (id) => ({ url: `/api/quotes/${id}/share`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Quote', id }, LIST],
    }),
  }),
});

export const {
  useGetQuoteQuery,
  useUpdateQuoteMutation,
  useQuoteVersionsQuery,
  useRestoreQuoteVersionMutation,
  useCreateQuoteShareMutation,
  useRevokeQuoteShareMutation,
  useDuplicateQuoteMutation,
} = quoteEditorApi;
