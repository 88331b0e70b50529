import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { UpworkConnection } from '@/contract/upwork';

import { errorMessage } from './jobs.api';

type Props = {
  connection: UpworkConnection | undefined;
  syncError: unknown;
};

/** Notes above the feed: demo data, a connection that needs renewing, a failed refresh. */
export function JobsPageNotices({ connection, syncError }: Props) {
  return (
    <>
      {connection?.demo === true ? (
        <p
          role="note"
          className="mb-4 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-100"
        >
          Demo data: Upwork jobs here come from a local sandbox, not from Upwork. Nothing you do is
          sent to Upwork.
        </p>
      ) : null}
      {connection?.status === 'needs_reauth' ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {connection.lastError ?? 'Upwork needs to be connected again.'}{' '}
          <Link to={paths.settingsAccount} className="font-medium underline">
            Reconnect in Settings
          </Link>
        </p>
      ) : null}
      {syncError ? (
        <p role="alert" className="mb-4 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(syncError, 'Upwork jobs could not be refreshed.')}
        </p>
      ) : null}
    </>
  );
}
