import type {
  ConvertLeadBody,
  CreateLeadBody,
  Lead,
  LeadBoard,
  LeadDetail,
  LeadImportResult,
  LeadStage,
  ListLeadsQuery,
  UpdateLeadBody,
  UpworkContractOption,
} from '@/contract/leads';
import { api } from '@/store/api';

import { moveInBoard } from './lead-board-logic';

const LIST = { type: 'Lead' as const, id: 'LIST' };
const BOARD = { type: 'Lead' as const, id: 'BOARD' };
const TAGS = { type: 'Lead' as const, id: 'TAGS' };

/** How many leads one page of the table loads, and how many each board column shows at first. */
export const LEADS_PAGE_SIZE = 50;
export const BOARD_PER_STAGE = 50;

/** The filters both views share (kept in the address). */
export type LeadFilters = Pick<ListLeadsQuery, 'q' | 'source' | 'tag' | 'due'>;
export type LeadListArgs = LeadFilters & Pick<ListLeadsQuery, 'sort' | 'dir'>;
export type LeadBoardArgs = LeadFilters & { perStage: number };

/** The filters as query parameters: empty values are left out. */
export function leadFilterParams(filters: LeadFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q) params.q = filters.q;
  if (filters.source) params.source = filters.source;
  if (filters.tag) params.tag = filters.tag;
  if (filters.due === 'true') params.due = 'true';
  return params;
}

export type MoveLeadArgs = { id: string; stage: LeadStage; beforeId: string | null };

export const leadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/leads: the table, one page per cursor ("Load more"). */
    listLeads: build.infiniteQuery<
      { items: Lead[]; nextCursor: string | null; total: number },
      LeadListArgs,
      string | null
    >({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
        maxPages: 200,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/leads',
        params: {
          ...leadFilterParams(queryArg),
          ...(queryArg.sort ? { sort: queryArg.sort } : {}),
          ...(queryArg.dir ? { dir: queryArg.dir } : {}),
          limit: LEADS_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      providesTags: [LIST],
    }),
    /** GET /api/leads/board: every column, each capped at perStage, with counts and totals. */
    leadBoard: build.query<LeadBoard, LeadBoardArgs>({
      query: ({ perStage, ...filters }) => ({
        url: '/api/leads/board',
        params: { ...leadFilterParams(filters), perStage },
      }),
      providesTags: [BOARD],
    }),
    leadTags: build.query<{ tags: string[] }, void>({
      query: () => '/api/leads/tags',
      providesTags: [TAGS],
    }),
    lead: build.query<LeadDetail, string>({
      query: (id) => `/api/leads/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Lead', id }],
    }),
    createLead: build.mutation<Lead, CreateLeadBody>({
      query: (body) => ({ url: '/api/leads', method: 'POST', body }),
      invalidatesTags: [LIST, BOARD, TAGS],
    }),
    updateLead: build.mutation<Lead, { id: string; body: UpdateLeadBody }>({
      query: ({ id, body }) => ({ url: `/api/leads/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Lead', id }, LIST, BOARD, TAGS],
    }),
    /**
     * POST /api/leads/:id/move. Every cached board moves the card at once; a failure puts the
     * boards back as they were (the caller shows the error).
     */
    moveLead: build.mutation<Lead, MoveLeadArgs>({
      query: ({ id, stage, beforeId }) => ({
        url: `/api/leads/${id}/move`,
        method: 'POST',
        body: { stage, beforeId },
      }),
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const patches = leadsApi.util
          .selectInvalidatedBy(getState(), [BOARD])
          .filter((entry) => entry.endpointName === 'leadBoard')
          .map((entry) =>
            dispatch(
              leadsApi.util.updateQueryData(
                'leadBoard',
                entry.originalArgs as LeadBoardArgs,
                (board) => moveInBoard(board, args),
              ),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_r, error, { id }) =>
        error ? [BOARD] : [{ type: 'Lead', id }, LIST, BOARD],
    }),
    addLeadNote: build.mutation<unknown, { id: string; body: string }>({
      query: ({ id, body }) => ({ url: `/api/leads/${id}/notes`, method: 'POST', body: { body } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Lead', id }],
    }),
    deleteLead: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/leads/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Lead', id }, LIST, BOARD, TAGS],
    }),
    restoreLead: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/leads/${id}/restore`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Lead', id }, LIST, BOARD, TAGS],
    }),
    convertLead: build.mutation<unknown, { id: string; body: ConvertLeadBody }>({
      query: ({ id, body }) => ({ url: `/api/leads/${id}/convert`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Lead', id },
        LIST,
        BOARD,
        { type: 'Transaction', id: 'LIST' },
      ],
    }),
    /** GET /api/leads/upwork-contracts: a 409 means Upwork is not connected (no prefill then). */
    upworkContracts: build.query<{ items: UpworkContractOption[] }, void>({
      query: () => '/api/leads/upwork-contracts',
      providesTags: [{ type: 'Upwork', id: 'CONTRACTS' }],
    }),
    importLeads: build.mutation<LeadImportResult, { csv: string; dryRun: boolean }>({
      query: (body) => ({ url: '/api/leads/import', method: 'POST', body }),
      invalidatesTags: (_r, _e, { dryRun }) => (dryRun ? [] : [LIST, BOARD, TAGS]),
    }),
    /** GET /api/leads/export.csv: every lead the filters select, as CSV text. */
    exportLeadsCsv: build.mutation<string, LeadFilters>({
      query: (filters) => ({
        url: '/api/leads/export.csv',
        params: leadFilterParams(filters),
        responseHandler: 'text',
      }),
    }),
  }),
});

export const {
  useListLeadsInfiniteQuery,
  useLeadBoardQuery,
  useLeadTagsQuery,
  useLeadQuery,
  useCreateLeadMutation,
  useUpdateLeadMutation,
  useMoveLeadMutation,
  useAddLeadNoteMutation,
  useDeleteLeadMutation,
  useRestoreLeadMutation,
  useConvertLeadMutation,
  useUpworkContractsQuery,
  useImportLeadsMutation,
  useExportLeadsCsvMutation,
} = leadsApi;
