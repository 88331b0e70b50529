import { useId, useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ACTIVITY_ACTIONS, type Activity, type ActivityAction } from '@/contract/activity';
import type { BackendUser } from '@/contract/user';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useUserActivityQuery } from './admin.api';
import { formatDate } from './format-date';
import { userLabel } from './use-user-access-changes';

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...ACTIVITY_ACTIONS.map((action) => ({ value: action, label: action })),
];

/** What an entry was about, in short: its linked ids and the details it was logged with. */
function entrySummary(entry: Activity): string {
  const parts: string[] = [];
  if (entry.jobId) parts.push(`job ${entry.jobId}`);
  if (entry.templateName) parts.push(`template “${entry.templateName}”`);
  if (entry.searchName) parts.push(`search “${entry.searchName}”`);
  for (const [key, value] of Object.entries(entry.details)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(`${key}: ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`);
  }
  return parts.join(' · ');
}

function ActivityChunk({
  query,
  isLast,
  onMore,
}: {
  query: { id: string; action: ActivityAction | ''; cursor: string | null };
  isLast: boolean;
  onMore: (cursor: string) => void;
}) {
  const { data, error, isLoading, isFetching, refetch } = useUserActivityQuery(query);
  if (isLoading) {
    return (
      <li role="status" className="flex items-center gap-2 py-3 text-sm">
        <Spinner className="size-4" /> Loading activity…
      </li>
    );
  }
  if (error || !data) {
    return (
      <li role="alert" className="flex flex-wrap items-center gap-3 py-3 text-sm">
        Could not load this activity.
        <button type="button" className={buttonClass.secondary} onClick={() => void refetch()}>
          Retry
        </button>
      </li>
    );
  }
  if (!query.cursor && data.items.length === 0) {
    return <li className="py-3 text-sm">No activity{query.action ? ' of this kind' : ''} yet.</li>;
  }
  return (
    <>
      {data.items.map((entry) => (
        <li key={entry.id} className="py-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-mono text-sm font-medium">{entry.action}</span>
            <time dateTime={entry.createdAt} className="text-xs text-slate-700 dark:text-slate-300">
              {formatDate(entry.createdAt)}
            </time>
          </div>
          {entrySummary(entry) ? (
            <p className="mt-0.5 text-xs break-words text-slate-700 dark:text-slate-300">
              {entrySummary(entry)}
            </p>
          ) : null}
        </li>
      ))}
      {isLast && data.nextCursor ? (
        <li className="py-3">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={isFetching}
            onClick={() => onMore(data.nextCursor as string)}
          >
            Load more
          </button>
        </li>
      ) : null}
    </>
  );
}

/** One user's actions, newest first, filtered by action, in pages of 25. */
export function UserActivityDialog({ user, onClose }: { user: BackendUser; onClose: () => void }) {
  const filterId = useId();
  const [action, setAction] = useState<ActivityAction | ''>('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);

  return (
    <ModalDialog
      open
      width="2xl"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Activity of ${userLabel(user)}`}
      description={`Everything ${user.email} did in Bidwright, newest first.`}
    >
      <Select
        id={filterId}
        label="Action"
        options={ACTION_OPTIONS}
        value={action}
        fieldClassName="mb-3 max-w-xs"
        onChange={(event) => {
          setAction(event.target.value as ActivityAction | '');
          setCursors([null]);
        }}
      />
      <ol
        aria-label={`Activity of ${user.email}`}
        className="divide-y divide-slate-200 dark:divide-slate-700"
      >
        {cursors.map((cursor, index) => (
          <ActivityChunk
            key={`${action}:${cursor ?? 'first'}`}
            query={{ id: user.id, action, cursor }}
            isLast={index === cursors.length - 1}
            onMore={(next) => setCursors((current) => [...current, next])}
          />
        ))}
      </ol>
    </ModalDialog>
  );
}
