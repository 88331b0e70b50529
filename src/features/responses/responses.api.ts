import type { AiSettings, AiStatus, AiTestResult, UpdateAiSettingsBody } from '@/contract/ai';
import type {
  CreateResponseBody,
  ListResponsesQuery,
  Response,
  ResponseHistory,
  ResponseList,
  ResponseStatus,
  UpdateResponseBody,
} from '@/contract/responses';
import type { Profile, UpdateProfileBody } from '@/contract/profile';
import type { Template } from '@/contract/templates';
import { api } from '@/store/api';

const LIST = { type: 'Response' as const, id: 'LIST' };

/** The fields of a job this area reads (the jobs area owns the full shape). */
export type JobOption = { id: string; title: string; url: string | null; hasPromptTrap?: boolean };

export const responsesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listResponses: build.query<ResponseList, ListResponsesQuery>({
      query: (params) => ({ url: '/api/responses', params }),
      providesTags: (result) => [
        ...(result?.items.map((r) => ({ type: 'Response' as const, id: r.id })) ?? []),
        LIST,
      ],
    }),
    getResponse: build.query<Response, string>({
      query: (id) => `/api/responses/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Response', id }],
    }),
    responseHistory: build.query<ResponseHistory, string>({
      query: (id) => `/api/responses/${id}/history`,
      providesTags: (_r, _e, id) => [{ type: 'Response', id }],
    }),
    createResponse: build.mutation<Response, CreateResponseBody>({
      query: (body) => ({ url: '/api/responses', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateResponse: build.mutation<Response, { id: string; body: UpdateResponseBody }>({
      query: ({ id, body }) => ({ url: `/api/responses/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Response', id }, LIST],
    }),
    setResponseStatus: build.mutation<Response, { id: string; status: ResponseStatus }>({
      query: ({ id, status }) => ({
        url: `/api/responses/${id}/status`,
        method: 'POST',
        body: { status },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Response', id }, LIST],
    }),
    restoreVersion: build.mutation<Response, { id: string; versionId: string }>({
      query: ({ id, versionId }) => ({
        url: `/api/responses/${id}/versions/${versionId}/restore`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Response', id }, LIST],
    }),
    deleteResponse: build.mutation<null, string>({
      query: (id) => ({ url: `/api/responses/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    undoDeleteResponse: build.mutation<Response, string>({
      query: (id) => ({ url: `/api/responses/${id}/restore`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Response', id }, LIST],
    }),
    exportResponses: build.mutation<string, Record<string, string>>({
      query: (params) => ({ url: '/api/responses/export', params, responseHandler: 'text' }),
    }),
    aiStatus: build.query<AiStatus, void>({
      query: () => '/api/ai/status',
      providesTags: [{ type: 'Settings', id: 'ai' }],
    }),
    aiSettings: build.query<AiSettings, void>({
      query: () => '/api/ai/settings',
      providesTags: [{ type: 'Settings', id: 'ai' }],
    }),
    updateAiSettings: build.mutation<AiSettings, UpdateAiSettingsBody>({
      query: (body) => ({ url: '/api/ai/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Settings', id: 'ai' }],
    }),
    testAiSettings: build.mutation<AiTestResult, void>({
      query: () => ({ url: '/api/ai/settings/test', method: 'POST' }),
    }),
    /** The caller's profile defaults (tone and length) and the jobs to pick from. */
    responseProfile: build.query<Profile, void>({
      query: () => '/api/profile',
      providesTags: [{ type: 'Settings', id: 'profile' }],
    }),
    updateResponseDefaults: build.mutation<
      Profile,
      Pick<UpdateProfileBody, 'defaultTone' | 'defaultLength'>
    >({
      query: (body) => ({ url: '/api/profile', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Settings', id: 'profile' }],
    }),
    responseJobOptions: build.query<{ items: JobOption[] }, void>({
      query: () => ({ url: '/api/jobs', params: { limit: 50 } }),
      providesTags: [{ type: 'Job', id: 'LIST' }],
    }),
    responseJob: build.query<JobOption, string>({
      query: (id) => `/api/jobs/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Job', id }],
    }),
    /** Response templates, for the template picker of the generate screen. */
    responseTemplateOptions: build.query<{ items: Template[] }, void>({
      query: () => ({ url: '/api/templates', params: { kind: 'response' } }),
      providesTags: [{ type: 'Template', id: 'LIST' }],
    }),
  }),
});

export const {
  useListResponsesQuery,
  useGetResponseQuery,
  useResponseHistoryQuery,
  useCreateResponseMutation,
  useUpdateResponseMutation,
  useSetResponseStatusMutation,
  useRestoreVersionMutation,
  useDeleteResponseMutation,
  useUndoDeleteResponseMutation,
  useExportResponsesMutation,
  useAiStatusQuery,
  useAiSettingsQuery,
  useUpdateAiSettingsMutation,
  useTestAiSettingsMutation,
  useResponseTemplateOptionsQuery,
  useResponseProfileQuery,
  useUpdateResponseDefaultsMutation,
  useResponseJobOptionsQuery,
  useResponseJobQuery,
} = responsesApi;
