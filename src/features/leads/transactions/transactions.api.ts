import type { LeadDetail, Lead } from '@/contract/leads';
import type {
  CreateTransactionBody,
  ListTransactionsQuery,
  Transaction,
  TransactionImportResult,
  TransactionSyncResult,
  TransactionTotals,
  UpdateTransactionBody,
} from '@/contract/transactions';
import type { UpworkConnection } from '@/contract/upwork';
import { api } from '@/store/api';

const LIST = { type: 'Transaction' as const, id: 'LIST' };
const TOTALS = { type: 'Transaction' as const, id: 'TOTALS' };

/** How many transactions one page of the ledger loads. */
export const TRANSACTIONS_PAGE_SIZE = 50;
/** How many leads the link select offers for one search. */
export const LEAD_OPTIONS_LIMIT = 20;

/** The ledger filters kept in the address (the page size and cursor are added per request). */
export type TransactionFilters = Omit<ListTransactionsQuery, 'limit' | 'cursor'>;

export type TransactionPage = { items: Transaction[]; nextCursor: string | null; total: number };

/** The filters as query parameters: empty values are left out. */
export function transactionParams(filters: TransactionFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ['q', 'kind', 'source', 'leadId', 'from', 'to', 'sort', 'dir'] as const) {
    const value = filters[key];
    if (value) params[key] = value;
  }
  return params;
}

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/transactions: one page per cursor, loaded with "Load more". */
    listTransactions: build.infiniteQuery<TransactionPage, TransactionFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
        maxPages: 200,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/transactions',
        params: {
          ...transactionParams(queryArg),
          limit: TRANSACTIONS_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      providesTags: [LIST],
    }),
    transactionTotals: build.query<TransactionTotals, TransactionFilters>({
      query: (filters) => ({ url: '/api/transactions/totals', params: transactionParams(filters) }),
      providesTags: [TOTALS],
    }),
    createTransaction: build.mutation<Transaction, CreateTransactionBody>({
      query: (body) => ({ url: '/api/transactions', method: 'POST', body }),
      invalidatesTags: [LIST, TOTALS],
    }),
    updateTransaction: build.mutation<Transaction, { id: string; body: UpdateTransactionBody }>({
      query: ({ id, body }) => ({ url: `/api/transactions/${id}`, method: 'PATCH', body }),
      invalidatesTags: [LIST, TOTALS],
    }),
    deleteTransaction: build.mutation<null, string>({
      query: (id) => ({ url: `/api/transactions/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST, TOTALS],
    }),
    restoreTransaction: build.mutation<Transaction, string>({
      query: (id) => ({ url: `/api/transactions/${id}/restore`, method: 'POST' }),
      invalidatesTags: [LIST, TOTALS],
    }),
    syncTransactions: build.mutation<TransactionSyncResult, void>({
      query: () => ({ url: '/api/transactions/sync', method: 'POST' }),
      invalidatesTags: [LIST, TOTALS],
    }),
    importTransactions: build.mutation<TransactionImportResult, { csv: string; dryRun: boolean }>({
      query: (body) => ({ url: '/api/transactions/import', method: 'POST', body }),
      invalidatesTags: (result) => (result && !result.dryRun ? [LIST, TOTALS] : []),
    }),
    /** GET /api/transactions/export.csv: every transaction the filters select, as CSV text. */
    exportTransactionsCsv: build.mutation<string, TransactionFilters>({
      query: (filters) => ({
        url: '/api/transactions/export.csv',
        params: transactionParams(filters),
        responseHandler: 'text',
      }),
    }),
    /** Leads to link a transaction to (the leads area owns the full list). */
    transactionLeadOptions: build.query<{ items: Lead[] }, string>({
      query: (q) => ({
        url: '/api/leads',
        params: { limit: LEAD_OPTIONS_LIMIT, ...(q ? { q } : {}) },
      }),
      providesTags: [{ type: 'Lead', id: 'LIST' }],
    }),
    /** One lead with its contracts, for the contract select. */
    transactionLeadDetail: build.query<LeadDetail, string>({
      query: (id) => `/api/leads/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Lead', id }],
    }),
    /** Whether Upwork is connected: the empty state offers a sync only then. */
    transactionUpworkConnection: build.query<UpworkConnection, void>({
      query: () => '/api/upwork/connection',
      providesTags: ['Upwork'],
    }),
  }),
});

export const {
  useListTransactionsInfiniteQuery,
  useTransactionTotalsQuery,
  useCreateTransactionMutation,
  useUpdateTransactionMutation,
  useDeleteTransactionMutation,
  useRestoreTransactionMutation,
  useSyncTransactionsMutation,
  useImportTransactionsMutation,
  useExportTransactionsCsvMutation,
  useTransactionLeadOptionsQuery,
  useTransactionLeadDetailQuery,
  useTransactionUpworkConnectionQuery,
} = transactionsApi;
