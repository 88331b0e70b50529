import type { NotificationsPage, StoredNotification, UnreadCount } from '@/contract/notifications';

import { api } from './api';

/** How many alerts the bell's panel lists. */
export const BELL_PAGE_SIZE = 20;

/**
 * The stored alerts behind the bell (GET /api/notifications). The event stream invalidates the
 * 'Notification' tag when a new one arrives, so the list and the unread count refetch at once.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationsPage, void>({
      query: () => ({ url: '/api/notifications', params: { limit: BELL_PAGE_SIZE } }),
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    markNotificationRead: build.mutation<StoredNotification, string>({
      query: (id) => ({ url: `/api/notifications/${id}/read`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('listNotifications', undefined, (draft) => {
            const item = draft.items.find((entry) => entry.id === id);
            if (item && !item.readAt) {
              item.readAt = new Date().toISOString();
              draft.unreadCount = Math.max(0, draft.unreadCount - 1);
            }
          }),
        );
        queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    markAllNotificationsRead: build.mutation<UnreadCount, void>({
      query: () => ({ url: '/api/notifications/read-all', method: 'POST' }),
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
  }),
});

export const {
  useListNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;

/** What the event stream dispatches when the server announces a new alert. */
export const notificationsChanged = () =>
  api.util.invalidateTags([{ type: 'Notification', id: 'LIST' }]);
