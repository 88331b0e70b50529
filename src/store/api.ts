import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

import { apiBaseUrl } from '@/config/api';
import { buildApiUrl } from '@/lib/api-url';

/** What the store needs from the identity provider: an ID token, or null when signed out. */
export type GetToken = (forceRefresh?: boolean) => Promise<string | null>;

export interface StoreExtra {
  getToken: GetToken;
  /** The API base address; tests pin it, the app derives it from the page's host (seed §7). */
  apiBaseUrl: string;
}

export const defaultStoreExtra: StoreExtra = {
  getToken: () => Promise.resolve(null),
  apiBaseUrl,
};

/** Endpoints that must send a freshly minted token (seed §7: GET /api/users). */
const FORCE_REFRESH_ENDPOINTS = new Set(['getBackendUser']);

const rawBaseQuery = fetchBaseQuery({
  prepareHeaders: async (headers, { extra, endpoint }) => {
    const { getToken } = extra as StoreExtra;
    const token = await getToken(FORCE_REFRESH_ENDPOINTS.has(endpoint));
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

type BaseQuery = typeof rawBaseQuery;

/** Builds every request URL with the seed's rules (absolute unchanged, /api prefixed with the base). */
const baseQuery: BaseQuery = (args, api, extraOptions) => {
  const { apiBaseUrl: base } = api.extra as StoreExtra;
  const request = typeof args === 'string' ? { url: args } : args;
  return rawBaseQuery({ ...request, url: buildApiUrl(base, request.url) }, api, extraOptions);
};

/**
 * The one API slice (architecture §2). Areas add endpoints with api.injectEndpoints in
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
  ],
  endpoints: () => ({}),
});
