import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

import type { Activity } from '@/contract/activity';
import { buttonClass } from '@/components/ui/page';

import { groupByDay } from './activity-days';
import { actionLabel } from './activity-labels';
import { activityLink, activitySubject } from './activity-links';

type TimelineProps = {
  entries: Activity[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** The entries grouped by day; the next page loads when the end of the list scrolls into view. */
export function ActivityTimeline({ entries, hasMore, loadingMore, onLoadMore }: TimelineProps) {
  const days = groupByDay(entries);
  return (
    <div className="space-y-6">
      {days.map((day) => (
        <section key={day.key} aria-labelledby={`activity-day-${day.key}`}>
          <h2
            id={`activity-day-${day.key}`}
            className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200"
          >
            {day.heading}
          </h2>
          <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {day.entries.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        </section>
      ))}
      <MoreEntries hasMore={hasMore} loadingMore={loadingMore} onLoadMore={onLoadMore} />
    </div>
  );
}

function ActivityEntry({ entry }: { entry: Activity }) {
  const link = activityLink(entry);
  const subject = activitySubject(entry);
  const time = new Date(entry.createdAt);
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-sm">
      <time
        dateTime={entry.createdAt}
        title={time.toLocaleString()}
        className="min-w-14 shrink-0 whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300"
      >
        {time.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
      </time>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 dark:text-slate-100">
          {actionLabel(entry.action)}
        </p>
        {subject ? (
          <p className="break-words text-slate-600 dark:text-slate-300">{subject}</p>
        ) : null}
      </div>
      {link ? (
        <Link
          to={link.to}
          className="rounded font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
          aria-label={subject ? `${link.label}: ${subject}` : link.label}
        >
          {link.label}
        </Link>
      ) : null}
    </li>
  );
}

/** Loads the next page on its own when in view (where the browser can tell), or on a click. */
function MoreEntries({ hasMore, loadingMore, onLoadMore }: Omit<TimelineProps, 'entries'>) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((item) => item.isIntersecting)) onLoadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  if (!hasMore) {
    return (
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        That is everything the filters select.
      </p>
    );
  }
  return (
    <div ref={sentinel} className="flex justify-center">
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={onLoadMore}
        disabled={loadingMore}
      >
        {loadingMore ? 'Loading more…' : 'Load more'}
      </button>
    </div>
  );
}
