import type {
  CreateTemplateBody,
  Template,
  TemplateKind,
  TemplatePreview,
  UpdateTemplateBody,
} from '@/contract/templates';
import { api } from '@/store/api';

const LIST = { type: 'Template' as const, id: 'LIST' };

export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTemplates: build.query<{ items: Template[] }, { kind: TemplateKind; q?: string }>({
      query: (params) => ({ url: '/api/templates', params }),
      providesTags: (result) => [
        ...(result?.items.map((t) => ({ type: 'Template' as const, id: t.id })) ?? []),
        LIST,
      ],
    }),
    createTemplate: build.mutation<Template, CreateTemplateBody>({
      query: (body) => ({ url: '/api/templates', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateTemplate: build.mutation<Template, { id: string; body: UpdateTemplateBody }>({
      query: ({ id, body }) => ({ url: `/api/templates/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Template', id }, LIST],
    }),
    deleteTemplate: build.mutation<null, string>({
      query: (id) => ({ url: `/api/templates/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    useTemplate: build.mutation<Template, string>({
      query: (id) => ({ url: `/api/templates/${id}/use`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Template', id }, LIST],
    }),
    previewTemplate: build.mutation<TemplatePreview, { body: string; jobId?: string }>({
      query: (body) => ({ url: '/api/templates/preview', method: 'POST', body }),
    }),
    /** Recent jobs to preview against (the jobs area owns the list; this reads it). */
    previewJobs: build.query<{ items: Array<{ id: string; title: string }> }, void>({
      query: () => ({ url: '/api/jobs', params: { limit: 20 } }),
      providesTags: [{ type: 'Job', id: 'LIST' }],
    }),
  }),
});

export const {
  useListTemplatesQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
  useUseTemplateMutation,
  usePreviewTemplateMutation,
  usePreviewJobsQuery,
} = templatesApi;
