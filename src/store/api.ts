import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

import { setupListeners } from '@reduxjs/toolkit/query';

import { buildApiUrl } from '@/lib/api-url';
import { observedFetch } from '@/lib/connectivity';

import type { StoreExtra } from './extra';
import { rootReducer, type AppStore } from './index';

export type { GetToken, StoreExtra } from './extra';

/** Endpoints that must send a freshly minted token (seed §7: GET /api/users). */
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

const installed = new WeakSet<AppStore>();

/**
 * Plugs the API slice and its middleware into a store (idempotent). Called by the signed-in layout
 * and by the session before its first request, so RTK Query stays out of the login route.
 */
export function ensureApiInstalled(store: AppStore): void {
  if (installed.has(store)) return;
  installed.add(store);
  rootReducer.inject(api);
  store.addMiddleware(api.middleware);
  // The store computes the injected slice's initial state on its next action.
  store.dispatch({ type: 'api/installed' });
  setupListeners(store.dispatch);
}
