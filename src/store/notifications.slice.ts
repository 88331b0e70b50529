import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { NotificationEventData } from '@/contract/events';

/**
 * The messages state: an unread count and the newest messages, which the Messages unread badge in
 * the sidebar reads. Alerts (new jobs for a saved search) are not messages: they are stored on the
 * server and counted by the bell (notifications.api.ts).
 */
export type AppNotification = NotificationEventData;

export interface NotificationsState {
  /** The unread count the sidebar badge shows. */
  count: number;
  /** New messages, newest first. */
  items: AppNotification[];
}

/** The panel keeps the newest messages only; the count keeps counting. */
export const MAX_KEPT_NOTIFICATIONS = 50;

const initialState: NotificationsState = { count: 0, items: [] };

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationAdded(state, action: PayloadAction<AppNotification>) {
      // A message delivered twice (an event stream replaying after a reconnect) counts once.
      if (state.items.some((item) => item.id === action.payload.id)) return;
      state.count += 1;
      state.items = [action.payload, ...state.items].slice(0, MAX_KEPT_NOTIFICATIONS);
    },
    notificationsCleared(state) {
      state.count = 0;
      state.items = [];
    },
    countIncremented(state, action: PayloadAction<number | undefined>) {
      state.count += action.payload ?? 1;
    },
    countSet(state, action: PayloadAction<number>) {
      state.count = Math.max(0, action.payload);
    },
  },
  selectors: {
    selectUnreadCount: (state) => state.count,
    selectNotifications: (state) => state.items,
  },
});

export const { notificationAdded, notificationsCleared, countIncremented, countSet } =
  notificationsSlice.actions;
export const { selectUnreadCount, selectNotifications } = notificationsSlice.selectors;

/** The badge is hidden at 0 and reads '99+' above 99. */
export function formatBadgeCount(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
