import type { Page } from '@/contract/pagination';
import type { BackendUser } from '@/contract/user';
import { api } from '@/store/api';

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/users -> { items, nextCursor } (admin only). */
    listAdminUsers: build.query<Page<BackendUser>, { cursor?: string | null; limit?: number }>({
      query: ({ cursor, limit = 50 }) => ({
        url: '/api/admin/users',
        params: cursor ? { limit, cursor } : { limit },
      }),
      providesTags: (result) => [
        ...(result?.items.map((user) => ({ type: 'User' as const, id: user.id })) ?? []),
        { type: 'User' as const, id: 'LIST' },
      ],
    }),
  }),
});

export const { useListAdminUsersQuery } = adminApi;
