import { api } from './api';

/**
 * What the SPA keeps from GET /api/users (seed §3: role, modules, name, email). Role and modules are
 * read leniently: an unknown role is kept as text, unknown modules are kept and simply never match.
 */
export interface BackendUserSummary {
  id: string | null;
  email: string | null;
  name: string | null;
  role: string | null;
  modules: string[];
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Seed §7: the response is an array (its first item is used) or one object. */
export function pickBackendUser(body: unknown): BackendUserSummary {
  const record = asRecord(Array.isArray(body) ? body[0] : body);
  if (!record) throw new Error('The API returned no user record.');
  return {
    id: text(record.id),
    email: text(record.email),
    name: text(record.name),
    role: text(record.role),
    modules: Array.isArray(record.modules)
      ? record.modules.filter((item): item is string => typeof item === 'string')
      : [],
  };
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users?email= with a force-refreshed ID token (see FORCE_REFRESH_ENDPOINTS). */
    getBackendUser: build.query<BackendUserSummary, { email: string }>({
      query: ({ email }) => ({ url: '/api/users', params: { email } }),
      transformResponse: (body: unknown) => pickBackendUser(body),
      providesTags: ['CurrentUser'],
      keepUnusedDataFor: 0,
    }),
    /** PATCH /api/users/me: the user's own display name. */
    renameSelf: build.mutation<BackendUserSummary, { name: string }>({
      query: (body) => ({ url: '/api/users/me', method: 'PATCH', body }),
      transformResponse: (body: unknown) => pickBackendUser(body),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});
