import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { apiErrorSchema } from '@/contract/errors';
import type { TransactionSyncResult } from '@/contract/transactions';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useSyncTransactionsMutation } from './transactions.api';

/** Error codes that mean Upwork must be connected (again) before a sync can run. */
const CONNECT_CODES = new Set(['upwork_not_connected', 'upwork_needs_reauth']);

export type SyncOutcome =
  | { state: 'done'; result: TransactionSyncResult; at: Date }
  | { state: 'connect'; message: string }
  | { state: 'failed'; message: string };

function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const parsed = apiErrorSchema.safeParse((error as { data: unknown }).data);
  return parsed.success ? parsed.data.error.code : null;
}

/** "12 new, 30 already here": what a sync wrote and what it found again. */
export function syncSummary(result: TransactionSyncResult): string {
  return `${result.created} new, ${result.unchanged} already here`;
}

/** Runs the Upwork sync and keeps its outcome for the message under the header. */
export function useTransactionSync() {
  const [sync, state] = useSyncTransactionsMutation();
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const run = async () => {
    setOutcome(null);
    const result = await sync();
    if ('data' in result && result.data) {
      setOutcome({ state: 'done', result: result.data, at: new Date() });
      return;
    }
    const error = 'error' in result ? result.error : undefined;
    const message = apiErrorMessage(error, 'Could not sync with Upwork. Try again.');
    setOutcome(
      CONNECT_CODES.has(errorCode(error) ?? '')
        ? { state: 'connect', message }
        : { state: 'failed', message },
    );
  };
  return { run, syncing: state.isLoading, outcome };
}

export function SyncButton({
  onSync,
  syncing,
  primary = false,
}: {
  onSync: () => void;
  syncing: boolean;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      className={primary ? buttonClass.primary : buttonClass.secondary}
      onClick={onSync}
      disabled={syncing}
      aria-busy={syncing}
    >
      <RefreshCw
        className={`size-4 ${syncing ? 'animate-spin motion-reduce:animate-none' : ''}`}
        aria-hidden="true"
      />
      {syncing ? 'Syncing…' : 'Sync with Upwork'}
    </button>
  );
}

/** The sync's progress and result, read out politely; a failure is an alert. */
export function SyncStatus({
  syncing,
  outcome,
}: {
  syncing: boolean;
  outcome: SyncOutcome | null;
}) {
  const done = outcome?.state === 'done' ? outcome : null;
  const failed = outcome && outcome.state !== 'done' ? outcome : null;
  return (
    <>
      <div role="status" className="text-sm empty:hidden [&:not(:empty)]:mb-3">
        {syncing ? 'Syncing transactions from Upwork…' : null}
        {!syncing && done ? (
          <span className="text-emerald-800 dark:text-emerald-300">
            Synced with Upwork: {syncSummary(done.result)} (at{' '}
            {done.at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}).
          </span>
        ) : null}
      </div>
      {!syncing && failed ? (
        <p role="alert" className="mb-3 text-sm text-rose-700 dark:text-rose-300">
          {failed.message}{' '}
          {failed.state === 'connect' ? (
            <Link className="font-medium underline" to={paths.settingsAccount}>
              Connect Upwork in Settings
            </Link>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
