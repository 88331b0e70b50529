import * as Popover from '@radix-ui/react-popover';
import { Link } from 'react-router-dom';

import type { StoredNotification } from '@/contract/notifications';

/** One alert in the bell's panel: its link (opening it marks it read) and a 'Mark read' button. */
export function NotificationItem({
  item,
  onRead,
}: {
  item: StoredNotification;
  onRead: (id: string) => void;
}) {
  const unread = item.readAt === null;
  const text = (
    <>
      <span className="block text-sm font-medium">
        {unread ? <span className="sr-only">Unread: </span> : null}
        {item.title}
      </span>
      {item.body ? (
        <span className="block text-sm text-slate-600 dark:text-slate-300">{item.body}</span>
      ) : null}
    </>
  );
  return (
    <li
      className={`flex items-start gap-2 rounded-lg p-2 ${unread ? 'bg-indigo-50 dark:bg-slate-800' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-transparent'}`}
      />
      <div className="min-w-0 flex-1">
        {item.link ? (
          <Popover.Close asChild>
            <Link
              to={item.link}
              onClick={() => (unread ? onRead(item.id) : undefined)}
              className="block rounded hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {text}
            </Link>
          </Popover.Close>
        ) : (
          text
        )}
        <time
          dateTime={item.createdAt}
          className="mt-1 block text-xs text-slate-600 dark:text-slate-300"
        >
          {new Date(item.createdAt).toLocaleString()}
        </time>
      </div>
      {unread ? (
        <button
          type="button"
          onClick={() => onRead(item.id)}
          aria-label={`Mark “${item.title}” read`}
          className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:bg-slate-700"
        >
          Mark read
        </button>
      ) : null}
    </li>
  );
}
