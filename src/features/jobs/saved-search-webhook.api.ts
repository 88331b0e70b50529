import type { WebhookTestResult } from '@/contract/saved-searches';
import { api } from '@/store/api';

/** The saved-search webhook's test message, on the shared API slice. */
export const savedSearchWebhookApi = api.injectEndpoints({
  endpoints: (build) => ({
    testSavedSearchWebhook: build.mutation<WebhookTestResult, string>({
      query: (id) => ({ url: `/api/saved-searches/${id}/webhook-test`, method: 'POST' }),
      // The search records how the delivery went.
      invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),
  }),
});

export const { useTestSavedSearchWebhookMutation } = savedSearchWebhookApi;
