import type { Page } from '@/contract/pagination';
import type { Profile } from '@/contract/profile';
import type {
  ListQuotesQuery,
  Quote,
  QuoteListItem,
  QuoteSummary,
  RfpText,
} from '@/contract/quotes-api';
import { api } from '@/store/api';

const LIST = { type: 'Quote' as const, id: 'LIST' };
const SUMMARY = { type: 'Quote' as const, id: 'SUMMARY' };
/** The quote templates list, as the templates area tags it. */
const QUOTE_TEMPLATES = { type: 'Template' as const, id: 'QUOTE_LIST' };

/** How many quotes one page of the list loads. */
export const QUOTES_PAGE_SIZE = 25;

/** The list filters kept in the address (the page size and cursor are added per request). */
export type QuoteListFilters = Omit<ListQuotesQuery, 'limit' | 'cursor'>;

/** A quote template as the generate screen's picker reads it (the templates area owns the rest). */
export type QuoteTemplateOption = { id: string; name: string; isDefault: boolean };

/** The fields of a saved job the generate screen reads (the jobs area owns the full shape). */
export type QuoteJobOption = { id: string; title: string };

/** The list filters as query parameters: empty values are left out. */
export function quoteListParams(filters: QuoteListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status) params.status = filters.status;
  if (filters.q) params.q = filters.q;
  if (filters.sort) params.sort = filters.sort;
  if (filters.dir) params.dir = filters.dir;
  return params;
}

export const quotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/quotes: one page per cursor, loaded with "Load more". */
    listQuotes: build.infiniteQuery<Page<QuoteListItem>, QuoteListFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
        maxPages: 200,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/quotes',
        params: {
          ...quoteListParams(queryArg),
          limit: QUOTES_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      providesTags: [LIST],
    }),
    quoteSummary: build.query<QuoteSummary, void>({
      query: () => '/api/quotes/summary',
      providesTags: [SUMMARY],
    }),
    deleteQuote: build.mutation<null, string>({
      query: (id) => ({ url: `/api/quotes/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Quote', id }, LIST, SUMMARY],
    }),
    setQuoteStatus: build.mutation<Quote, { id: string; status: 'draft' | 'sent' }>({
      query: ({ id, status }) => ({
        url: `/api/quotes/${id}/status`,
        method: 'POST',
        body: { status },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Quote', id }, LIST, SUMMARY],
    }),
    /** POST /api/quotes/rfp-text: the text of an uploaded PDF, DOCX or TXT, for review. */
    uploadRfp: build.mutation<RfpText, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/api/quotes/rfp-text', method: 'POST', body };
      },
    }),
    /** GET /api/quotes/export.csv: every quote the filters select, as CSV text. */
    exportQuotesCsv: build.mutation<string, QuoteListFilters>({
      query: (filters) => ({
        url: '/api/quotes/export.csv',
        params: quoteListParams(filters),
        responseHandler: 'text',
      }),
    }),
    quoteTemplateOptions: build.query<{ items: QuoteTemplateOption[] }, void>({
      query: () => '/api/quote-templates',
      providesTags: [QUOTE_TEMPLATES],
    }),
    /** The caller's profile: the currency and hourly rate the generate form starts from. */
    quoteProfile: build.query<Profile, void>({
      query: () => '/api/profile',
      providesTags: [{ type: 'Settings', id: 'profile' }],
    }),
    quoteJobOptions: build.query<{ items: QuoteJobOption[] }, void>({
      query: () => ({ url: '/api/jobs', params: { limit: 50 } }),
      providesTags: [{ type: 'Job', id: 'LIST' }],
    }),
    quoteJob: build.query<QuoteJobOption, string>({
      query: (id) => `/api/jobs/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Job', id }],
    }),
  }),
});

export const {
  useListQuotesInfiniteQuery,
  useQuoteSummaryQuery,
  useDeleteQuoteMutation,
  useSetQuoteStatusMutation,
  useUploadRfpMutation,
  useExportQuotesCsvMutation,
  useQuoteTemplateOptionsQuery,
  useQuoteProfileQuery,
  useQuoteJobOptionsQuery,
  useQuoteJobQuery,
} = quotesApi;
