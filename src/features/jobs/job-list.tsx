import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';

import type { Job } from '@/contract/jobs';

import { ageLabel, budgetLabel, formatCompactMoney, proposalsLabel } from './job-filters';
import { ScoreBadge } from './score-badge';

const ROW_ESTIMATE = 132;
const SCROLL_KEY = 'bidwright.jobs.scroll';

type Props = {
  jobs: Job[];
  selectedId: string | null;
  onSelect: (job: Job) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Identifies the search, so the scroll position is kept per search. */
  listKey: string;
};

function ClientSignals({ job }: { job: Job }) {
  const c = job.client;
  const parts: string[] = [];
  if (c.totalSpentMinor !== null)
    parts.push(`${formatCompactMoney(c.totalSpentMinor, 'USD')} spent`);
  if (c.hires !== null) parts.push(`${c.hires} ${c.hires === 1 ? 'hire' : 'hires'}`);
  if (c.country) parts.push(c.country);
  return (
    <span className="inline-flex items-center gap-1">
      {c.paymentVerified === true ? (
        <ShieldCheck
          className="size-3.5 text-emerald-600 dark:text-emerald-400"
          aria-label="Payment verified"
        />
      ) : c.paymentVerified === false ? (
        <ShieldAlert
          className="size-3.5 text-rose-600 dark:text-rose-400"
          aria-label="Payment not verified"
        />
      ) : null}
      <span>{parts.join(' · ') || 'client unknown'}</span>
    </span>
  );
}

/** A virtualised list: only the visible rows are in the DOM, so 10,000 jobs scroll smoothly. */
export function JobList({
  jobs,
  selectedId,
  onSelect,
  hasMore,
  loadingMore,
  onLoadMore,
  listKey,
}: Props) {
  const parentRef = useRef<HTMLDivElement>(null);
  const initialOffset = (() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null') as {
        key: string;
        top: number;
      } | null;
      return saved?.key === listKey ? saved.top : 0;
    } catch {
      return 0;
    }
  })();
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

  const rememberScroll = () => {
    const top = parentRef.current?.scrollTop ?? 0;
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ key: listKey, top }));
    } catch {
      // storage full or blocked: the place is simply not kept
    }
  };

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
          const selected = job.id === selectedId;
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
              <article
                aria-label={job.title}
                className={clsx(
                  'border-b border-slate-100 px-4 py-3 dark:border-slate-800',
                  selected
                    ? 'bg-indigo-50 dark:bg-indigo-950/40'
                    : 'hover:bg-slate-50 dark:hover:bg-slate-800/60',
                  job.hiddenAt && 'opacity-60',
                )}
              >
                <div className="flex items-start justify-between gap-3">
                  <button
                    type="button"
                    onClick={() => onSelect(job)}
                    aria-current={selected ? 'true' : undefined}
                    className="min-w-0 text-left text-sm font-semibold text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-300"
                  >
                    {job.title}
                  </button>
                  <ScoreBadge score={job.score} />
                </div>
                <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
                  <span>{ageLabel(job.postedAt)}</span>
                  <span className="font-medium text-slate-800 dark:text-slate-100">
                    {budgetLabel(job)}
                  </span>
                  <span>{proposalsLabel(job.proposalsCount)}</span>
                  <ClientSignals job={job} />
                  {job.appliedAt ? (
                    <span className="font-medium text-emerald-700 dark:text-emerald-300">
                      Applied
                    </span>
                  ) : null}
                  {job.source !== 'upwork' ? <span className="uppercase">{job.source}</span> : null}
                </p>
                {job.skills.length > 0 ? (
                  <ul aria-label="Skills" className="mt-2 flex flex-wrap gap-1">
                    {job.skills.slice(0, 8).map((skill) => (
                      <li
                        key={skill}
                        className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                      >
                        {skill}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </article>
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
