import { sessionUserSchema, type SessionUser } from '@/contract/user';

import { api } from './api';

/**
 * GET /api/users answers one object; an array (its first item is used) is read as well. The
 * contract's session-user schema keeps id, email, name, role and modules, leniently.
 */
export function pickBackendUser(body: unknown): SessionUser {
  const record: unknown = Array.isArray(body) ? body[0] : body;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new Error('The API returned no user record.');
  }
  return sessionUserSchema.parse(record);
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users?email= with a force-refreshed ID token (see FORCE_REFRESH_ENDPOINTS). */
    getBackendUser: build.query<SessionUser, { email: string }>({
      query: ({ email }) => ({ url: '/api/users', params: { email } }),
      transformResponse: (body: unknown) => pickBackendUser(body),
      providesTags: ['CurrentUser'],
      keepUnusedDataFor: 0,
    }),
    /** PATCH /api/users/me: the user's own display name. */
    renameSelf: build.mutation<SessionUser, { name: string }>({
      query: (body) => ({ url: '/api/users/me', method: 'PATCH', body }),
      transformResponse: (body: unknown) => pickBackendUser(body),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});
