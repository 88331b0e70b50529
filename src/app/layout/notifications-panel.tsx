import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '@/store/hooks';
import {
  formatBadgeCount,
  notificationsCleared,
  selectNotifications,
  selectUnreadCount,
} from '@/store/notifications.slice';

const iconButton =
  'relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800';

/** The notifications button opens a panel of new messages with 'clear all'. */
export function NotificationsPanel() {
  const count = useAppSelector(selectUnreadCount);
  const items = useAppSelector(selectNotifications);
  const dispatch = useAppDispatch();
  const badge = formatBadgeCount(count);

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
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[0.65rem] leading-5 font-semibold text-white"
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
          aria-label="Notifications"
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white p-3 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              onClick={() => dispatch(notificationsCleared())}
              disabled={count === 0 && items.length === 0}
              className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:text-slate-500 dark:text-indigo-300 dark:hover:bg-slate-800 dark:disabled:text-slate-500"
            >
              Clear all
            </button>
          </div>
          {items.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
              No new messages.
            </p>
          ) : (
            <ul className="max-h-80 space-y-1 overflow-y-auto">
              {items.map((item) => (
                <li
                  key={item.id}
                  className="rounded-lg p-2 hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  {item.href ? (
                    <Popover.Close asChild>
                      <Link
                        to={item.href}
                        className="block focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        <span className="block text-sm font-medium">{item.title}</span>
                        <span className="block text-sm text-slate-600 dark:text-slate-300">
                          {item.body}
                        </span>
                      </Link>
                    </Popover.Close>
                  ) : (
                    <>
                      <span className="block text-sm font-medium">{item.title}</span>
                      <span className="block text-sm text-slate-600 dark:text-slate-300">
                        {item.body}
                      </span>
                    </>
                  )}
                  <time
                    dateTime={item.createdAt}
                    className="mt-1 block text-xs text-slate-600 dark:text-slate-400"
                  >
                    {new Date(item.createdAt).toLocaleString()}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
