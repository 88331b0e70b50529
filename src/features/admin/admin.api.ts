import type { Activity, ActivityAction } from '@/contract/activity';
import type { Page } from '@/contract/pagination';
import type {
  BackendUser,
  InviteUserBody,
  SortDirection,
  UpdateUserBody,
  UserListPage,
  UserSort,
  UserStatus,
} from '@/contract/user';
import { api } from '@/store/api';

export type AdminUsersQuery = {
  q?: string;
  sort?: UserSort;
  dir?: SortDirection;
  cursor?: string | null;
  limit?: number;
};

export type UserActivityQuery = {
  id: string;
  action?: ActivityAction | '';
  cursor?: string | null;
};

export type UserExportFormat = 'json' | 'csv';

const LIST = { type: 'User' as const, id: 'LIST' };

/** Drops empty values, so the URL only carries what is set. */
function definedParams(values: Record<string, string | number | null | undefined>) {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/users -> { items, nextCursor, total } (admin only). */
    listAdminUsers: build.query<UserListPage, AdminUsersQuery>({
      query: ({ q, sort, dir, cursor, limit = 50 }) => ({
        url: '/api/admin/users',
        params: definedParams({ q, sort, dir, cursor, limit }),
      }),
      providesTags: (result) => [
        ...(result?.items.map((user) => ({ type: 'User' as const, id: user.id })) ?? []),
        LIST,
      ],
    }),
    updateAdminUser: build.mutation<BackendUser, { id: string; changes: UpdateUserBody }>({
      query: ({ id, changes }) => ({
        url: `/api/admin/users/${id}`,
        method: 'PATCH',
        body: changes,
      }),
      // The row shows the change at once; a refused change puts the row back as it was.
      async onQueryStarted({ id, changes }, { dispatch, getState, queryFulfilled }) {
        const patches = adminApi.util
          .selectCachedArgsForQuery(getState(), 'listAdminUsers')
          .map((args) =>
            dispatch(
              adminApi.util.updateQueryData('listAdminUsers', args, (page) => {
                const user = page.items.find((each) => each.id === id);
                if (user) Object.assign(user, changes);
              }),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_result, _error, { id }) => [{ type: 'User', id }],
    }),
    setAdminUserStatus: build.mutation<BackendUser, { id: string; status: UserStatus }>({
      query: ({ id, status }) => ({
        url: `/api/admin/users/${id}/status`,
        method: 'POST',
        body: { status },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'User', id }],
    }),
    inviteAdminUser: build.mutation<
      { user: BackendUser; passwordResetLink: string },
      InviteUserBody
    >({
      query: (body) => ({ url: '/api/admin/users/invite', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    deleteAdminUser: build.mutation<null, string>({
      query: (id) => ({ url: `/api/admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    /** GET /api/admin/users/:id/activity: one user's actions, newest first. */
    userActivity: build.query<Page<Activity>, UserActivityQuery>({
      query: ({ id, action, cursor }) => ({
        url: `/api/admin/users/${id}/activity`,
        params: definedParams({ action, cursor, limit: 25 }),
      }),
      keepUnusedDataFor: 0,
    }),
    /** The export as text, for a file download. */
    exportAdminUser: build.mutation<string, { id: string; format: UserExportFormat }>({
      query: ({ id, format }) => ({
        url: `/api/admin/users/${id}/export`,
        params: { format },
        // The file as text; an error answer stays JSON, so its message can be shown.
        responseHandler: (response) => (response.ok ? response.text() : response.json()),
      }),
    }),
  }),
});

export const {
  useListAdminUsersQuery,
  useUpdateAdminUserMutation,
  useSetAdminUserStatusMutation,
  useInviteAdminUserMutation,
  useDeleteAdminUserMutation,
  useUserActivityQuery,
  useExportAdminUserMutation,
} = adminApi;
