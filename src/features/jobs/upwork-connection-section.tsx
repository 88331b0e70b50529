import { hasModule, useCurrentUser } from '@/lib/session';

import {
  errorMessage,
  useChooseUpworkOrganizationMutation,
  useDisconnectUpworkMutation,
  useFinishUpworkConnectMutation,
  useGetUpworkConnectionQuery,
  useStartUpworkConnectMutation,
} from './jobs.api';
import { UpworkConnectionControls } from './upwork-connection-controls';
import { UpworkConnectionStatus } from './upwork-connection-status';
import { useUpworkOAuthReturn } from './use-upwork-oauth-return';

/**
 * The Upwork connection in /settings/account: connect (OAuth; Upwork sends the browser back here
 * with a code and state that the API checks), status, last sync, organization, disconnect.
 * Tokens stay on the server.
 */
export function UpworkConnectionSection() {
  const enabled = hasModule(useCurrentUser(), 'upwork');
  const {
    data: connection,
    isLoading,
    error,
  } = useGetUpworkConnectionQuery(undefined, { skip: !enabled });
  const [start, starting] = useStartUpworkConnectMutation();
  const [finish, finishing] = useFinishUpworkConnectMutation();
  const [choose, choosing] = useChooseUpworkOrganizationMutation();
  const [disconnect, disconnecting] = useDisconnectUpworkMutation();
  useUpworkOAuthReturn(enabled, finish);

  const connect = async () => {
    const result = await start();
    if ('data' in result && result.data) window.location.assign(result.data.authorizeUrl);
  };
  const onDisconnect = async () => {
    const result = await disconnect();
    return 'data' in result && result.data ? result.data.removeAppUrl : null;
  };

  if (!enabled) return null;
  const problem =
    error ?? starting.error ?? finishing.error ?? choosing.error ?? disconnecting.error;

  return (
    <section
      aria-labelledby="upwork-connection-title"
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2
        id="upwork-connection-title"
        className="text-base font-semibold text-slate-900 dark:text-slate-100"
      >
        Upwork connection
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Bidwright reads jobs through Upwork’s API. It never stores your Upwork password and never
        submits proposals: you review and send every one on Upwork.
      </p>
      {connection?.demo ? (
        <p role="note" className="mt-2 text-sm font-medium text-sky-800 dark:text-sky-200">
          Demo mode: this server talks to a local Upwork sandbox with generated jobs, not to Upwork.
        </p>
      ) : null}

      {isLoading || finishing.isLoading ? (
        <p role="status" className="mt-3 text-sm">
          {finishing.isLoading ? 'Finishing the connection…' : 'Loading…'}
        </p>
      ) : connection ? (
        <div className="mt-3 space-y-3 text-sm">
          <UpworkConnectionStatus
            connection={connection}
            choosing={choosing.isLoading}
            onChooseOrganization={(id) => void choose(id)}
          />
          <UpworkConnectionControls
            connection={connection}
            starting={starting.isLoading}
            disconnecting={disconnecting.isLoading}
            onConnect={() => void connect()}
            onDisconnect={onDisconnect}
          />
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(problem)}
        </p>
      ) : null}
    </section>
  );
}
