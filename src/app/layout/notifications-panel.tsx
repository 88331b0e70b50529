import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import type { ReactNode } from 'react';

import {
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '@/store/notifications.api';
import { formatBadgeCount } from '@/store/notifications.slice';

import { NotificationItem } from './notification-item';

const iconButton =
  'relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800';

const textButton =
  'rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:text-slate-500 dark:text-indigo-300 dark:hover:bg-slate-800 dark:disabled:text-slate-400';

/** While the event stream is down, the bell still catches up this often. */
const FALLBACK_REFRESH_MS = 60_000;

/**
 * The bell: stored alerts (new jobs for a saved search, …) with their own unread count, kept
 * across sign-ins. Opening an alert or 'Mark read' marks it read; 'Mark all read' clears the count.
 */
export function NotificationsPanel() {
  const list = useListNotificationsQuery(undefined, { pollingInterval: FALLBACK_REFRESH_MS });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markingAll] = useMarkAllNotificationsReadMutation();
  const unread = list.data?.unreadCount ?? 0;
  const items = list.data?.items ?? [];
  const badge = formatBadgeCount(unread);

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          className={iconButton}
          aria-label={badge ? `Notifications (${badge} unread)` : 'Notifications'}
        >
          <Bell className="size-5" aria-hidden="true" />
          {badge ? (
            <span
              aria-hidden="true"
              data-testid="bell-badge"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[0.65rem] leading-5 font-semibold text-white"
            >
              {badge}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white p-3 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              onClick={() => void markAllRead()}
              disabled={unread === 0 || markingAll.isLoading}
              className={textButton}
            >
              Mark all read
            </button>
          </div>
          <PanelBody
            loading={list.isLoading}
            failed={list.isError && !list.data}
            onRetry={() => void list.refetch()}
          >
            {items.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
                No notifications yet. Turn on alerts for a saved search in Browse Jobs to hear about
                new matching jobs.
              </p>
            ) : (
              <ul aria-label="Alerts" className="max-h-80 space-y-1 overflow-y-auto">
                {items.map((item) => (
                  <NotificationItem key={item.id} item={item} onRead={(id) => void markRead(id)} />
                ))}
              </ul>
            )}
          </PanelBody>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function PanelBody({
  loading,
  failed,
  onRetry,
  children,
}: {
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
        Loading…
      </p>
    );
  }
  if (failed) {
    return (
      <div role="alert" className="py-4 text-center text-sm text-rose-700 dark:text-rose-300">
        <p>The notifications could not be loaded. Check your connection.</p>
        <button type="button" onClick={onRetry} className={`${textButton} mt-2`}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children}</>;
}
