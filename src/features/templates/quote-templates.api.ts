import type {
  CreateQuoteTemplateBody,
  QuoteTemplate,
  QuoteTemplateList,
  UpdateQuoteTemplateBody,
} from '@/contract/quote-templates';
import { api } from '@/store/api';

const LIST = { type: 'Template' as const, id: 'QUOTE_LIST' };
const one = (id: string) => ({ type: 'Template' as const, id: `quote-${id}` });

export const quoteTemplatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuoteTemplates: build.query<QuoteTemplateList, { q?: string } | void>({
      query: (params) => ({ url: '/api/quote-templates', params: params ?? {} }),
      providesTags: (result) => [...(result?.items.map((t) => one(t.id)) ?? []), LIST],
    }),
    createQuoteTemplate: build.mutation<QuoteTemplate, CreateQuoteTemplateBody>({
      query: (body) => ({ url: '/api/quote-templates', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateQuoteTemplate: build.mutation<
      QuoteTemplate,
      { id: string; body: UpdateQuoteTemplateBody }
    >({
      query: ({ id, body }) => ({ url: `/api/quote-templates/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [one(id), LIST],
    }),
    makeDefaultQuoteTemplate: build.mutation<QuoteTemplate, string>({
      query: (id) => ({ url: `/api/quote-templates/${id}/default`, method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    deleteQuoteTemplate: build.mutation<null, string>({
      query: (id) => ({ url: `/api/quote-templates/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useListQuoteTemplatesQuery,
  useCreateQuoteTemplateMutation,
  useUpdateQuoteTemplateMutation,
  useMakeDefaultQuoteTemplateMutation,
  useDeleteQuoteTemplateMutation,
} = quoteTemplatesApi;
