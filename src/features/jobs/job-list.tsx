import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';

import type { Job } from '@/contract/jobs';

import { JobCard } from './job-card';
import { rememberScrollTop, savedScrollTop } from './list-scroll-memory';

const ROW_ESTIMATE = 132;

type Props = {
  jobs: Job[];
  selectedId: string | null;
  onSelect: (job: Job) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Identifies the search, so the scroll position is kept per search. */
  listKey: string;
  /** Unhides a hidden job from its card; the id is the one on its way. */
  onUnhide?: (job: Job) => void;
  unhidingId?: string | null;
};

/** A virtualised list: only the visible rows are in the DOM, so 10,000 jobs scroll smoothly. */
export function JobList({
  jobs,
  selectedId,
  onSelect,
  hasMore,
  loadingMore,
  onLoadMore,
  listKey,
  onUnhide,
  unhidingId = null,
}: Props) {
  const parentRef = useRef<HTMLDivElement>(null);
  const initialOffset = savedScrollTop(listKey);
  // TanStack Virtual returns fresh functions each render; this component is simply not memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: jobs.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 6,
    initialOffset,
    // A first guess before layout (and in tests, where there is none).
    initialRect: { width: 800, height: 700 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= jobs.length - 8) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, jobs.length, onLoadMore]);

  const rememberScroll = () => rememberScrollTop(listKey, parentRef.current?.scrollTop ?? 0);

  return (
    <div
      ref={parentRef}
      onScroll={rememberScroll}
      className="h-[70vh] min-h-80 overflow-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
      data-testid="job-list"
    >
      <ul
        aria-label="Jobs"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const job = jobs[item.index];
          if (!job) return null;
          return (
            <li
              key={job.id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
              aria-setsize={hasMore ? -1 : jobs.length}
              aria-posinset={item.index + 1}
            >
              <JobCard
                job={job}
                selected={job.id === selectedId}
                onSelect={onSelect}
                onUnhide={onUnhide}
                unhiding={unhidingId === job.id}
              />
            </li>
          );
        })}
      </ul>
      {loadingMore ? (
        <p role="status" className="p-3 text-center text-xs text-slate-500 dark:text-slate-400">
          Loading more jobs…
        </p>
      ) : null}
    </div>
  );
}
