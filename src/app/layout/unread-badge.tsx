import { formatBadgeCount } from '@/store/notifications.slice';

/** The unread count: hidden at 0, '99+' above 99. */
export function UnreadBadge({ count }: { count: number }) {
  const label = formatBadgeCount(count);
  if (!label) return null;
  return (
    <span
      data-testid="unread-badge"
      className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white"
    >
      {label}
      <span className="sr-only"> unread</span>
    </span>
  );
}
