import type { Job } from '@/contract/jobs';

import { NoJobMatches, UpworkNotConnectedEmpty } from './job-feed-empty';
import { JobList } from './job-list';
import { errorMessage, isValidationError } from './jobs.api';

type Props = {
  jobs: Job[];
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** No search words and no filters set. */
  noFilters: boolean;
  notConnected: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
  selectedId: string | null;
  onSelect: (job: Job) => void;
  listKey: string;
  onUnhide?: (job: Job) => void;
  unhidingId?: string | null;
};

/** The feed column: loading, the load error, an empty state, or the count and the list. */
export function JobFeed(props: Props) {
  const { jobs, hasMore, noFilters } = props;
  if (props.isLoading) {
    return (
      <p role="status" className="p-4 text-sm">
        Loading jobs…
      </p>
    );
  }
  if (props.error) {
    // A refused filter value is fixed by changing the filters; trying again would fail again.
    const refused = isValidationError(props.error);
    return (
      <div
        role="alert"
        className="rounded-lg border border-rose-300 p-4 text-sm text-rose-800 dark:border-rose-700 dark:text-rose-200"
      >
        {errorMessage(props.error, 'Jobs could not be loaded.')}{' '}
        <button
          type="button"
          className="underline"
          onClick={refused ? props.onClearFilters : props.onRetry}
        >
          {refused ? 'Clear search and filters' : 'Try again'}
        </button>
      </div>
    );
  }
  if (jobs.length === 0 && noFilters && props.notConnected)
    return <UpworkNotConnectedEmpty onAdd={props.onAdd} />;
  if (jobs.length === 0)
    return <NoJobMatches noFilters={noFilters} onClear={props.onClearFilters} />;
  return (
    <>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
        {jobs.length}
        {hasMore ? '+' : ''} {jobs.length === 1 ? 'job' : 'jobs'}
      </p>
      <JobList
        jobs={jobs}
        selectedId={props.selectedId}
        onSelect={props.onSelect}
        hasMore={hasMore}
        loadingMore={props.loadingMore}
        onLoadMore={props.onLoadMore}
        listKey={props.listKey}
        onUnhide={props.onUnhide}
        unhidingId={props.unhidingId}
      />
    </>
  );
}
