import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

import { buildApiUrl } from '@/lib/api-url';
import { observedFetch } from '@/lib/connectivity';

import type { StoreExtra } from './extra';

export type { GetToken, StoreExtra } from './extra';

/** Endpoints that must send a freshly minted token: GET /api/users, read right after sign-in. */
const FORCE_REFRESH_ENDPOINTS = new Set(['getBackendUser']);

const rawBaseQuery = fetchBaseQuery({
  // Every API answer and network failure feeds the offline notice.
  fetchFn: observedFetch,
  prepareHeaders: async (headers, { extra, endpoint }) => {
    const { getToken } = extra as StoreExtra;
    const token = await getToken(FORCE_REFRESH_ENDPOINTS.has(endpoint));
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

type BaseQuery = typeof rawBaseQuery;

/** Builds every request URL: an absolute URL is kept as it is, a path gets the API base. */
const baseQuery: BaseQuery = (args, api, extraOptions) => {
  const { apiBaseUrl: base } = api.extra as StoreExtra;
  const request = typeof args === 'string' ? { url: args } : args;
  return rawBaseQuery({ ...request, url: buildApiUrl(base, request.url) }, api, extraOptions);
};

/**
 * The one API slice, for all server data. Areas add endpoints with api.injectEndpoints in
 * src/features/<area>/<area>.api.ts; every tag type is declared here so invalidation works across
 * areas.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'CurrentUser',
    'User',
    'Activity',
    'Job',
    'SavedSearch',
    'Response',
    'Quote',
    'Template',
    'Portfolio',
    'Lead',
    'Transaction',
    'Message',
    'Settings',
    'Upwork',
    'Analytics',
    'Dashboard',
    'Notification',
  ],
  endpoints: () => ({}),
});
