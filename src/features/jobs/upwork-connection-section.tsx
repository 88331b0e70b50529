import { Link2, Unlink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import { hasModule, useCurrentUser } from '@/lib/session';

import {
  errorMessage,
  useChooseUpworkOrganizationMutation,
  useDisconnectUpworkMutation,
  useFinishUpworkConnectMutation,
  useGetUpworkConnectionQuery,
  useStartUpworkConnectMutation,
} from './jobs.api';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'never';
}

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
  const [params, setParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const [disconnectedNote, setDisconnectedNote] = useState<string | null>(null);
  const handled = useRef(false);

  // Back from Upwork: finish once, then take the code out of the address bar.
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const denied = params.get('error');
    if (!enabled || handled.current || (!code && !denied)) return;
    handled.current = true;
    const next = new URLSearchParams(params);
    for (const key of ['code', 'state', 'error', 'error_description']) next.delete(key);
    setParams(next, { replace: true });
    if (code && state) void finish({ code, state });
  }, [enabled, params, setParams, finish]);

  const connect = async () => {
    const result = await start();
    if ('data' in result && result.data) window.location.assign(result.data.authorizeUrl);
  };

  const onDisconnect = async () => {
    const result = await disconnect();
    setConfirming(false);
    if ('data' in result && result.data) setDisconnectedNote(result.data.removeAppUrl);
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
          <p>
            Status:{' '}
            <strong>
              {connection.status === 'connected'
                ? `Connected${connection.upworkUserName ? ` as ${connection.upworkUserName}` : ''}`
                : connection.status === 'needs_reauth'
                  ? 'Needs to be connected again'
                  : 'Not connected'}
            </strong>
          </p>
          {connection.status !== 'not_connected' ? (
            <p>
              Connected {when(connection.connectedAt)} · last sync {when(connection.lastSyncAt)}
            </p>
          ) : null}
          {connection.lastError ? (
            <p role="alert" className="text-amber-800 dark:text-amber-200">
              {connection.lastError}
            </p>
          ) : null}
          {connection.status === 'connected' && connection.organizations.length > 1 ? (
            <Select
              id="upwork-organization"
              label="Act for organization"
              labelClassName="block font-medium"
              fieldClassName="max-w-sm"
              options={connection.organizations.map((org) => ({
                value: org.id,
                label: `${org.title}${org.type ? ` (${org.type})` : ''}`,
              }))}
              value={connection.organizationId ?? ''}
              disabled={choosing.isLoading}
              onChange={(event) => void choose(event.target.value)}
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            {connection.status !== 'connected' ? (
              <button
                type="button"
                className={buttonClass.primary}
                disabled={starting.isLoading}
                onClick={() => void connect()}
              >
                <Link2 className="size-4" aria-hidden="true" />
                {connection.status === 'needs_reauth' ? 'Connect again' : 'Connect Upwork'}
              </button>
            ) : null}
            {connection.status !== 'not_connected' && !confirming ? (
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => setConfirming(true)}
              >
                <Unlink className="size-4" aria-hidden="true" />
                Disconnect
              </button>
            ) : null}
          </div>
          {confirming ? (
            <div
              role="alertdialog"
              aria-label="Disconnect Upwork"
              className="rounded-lg border border-slate-300 p-3 dark:border-slate-600"
            >
              <p>
                Disconnect Upwork? The stored tokens are deleted at once; jobs you acted on stay.
              </p>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  className={buttonClass.primary}
                  disabled={disconnecting.isLoading}
                  onClick={() => void onDisconnect()}
                >
                  Disconnect
                </button>
                <button
                  type="button"
                  className={buttonClass.ghost}
                  onClick={() => setConfirming(false)}
                >
                  Cancel
                </button>
              </div>
            </div>
          ) : null}
          {disconnectedNote ? (
            <p role="status">
              Disconnected. To remove Bidwright’s access on Upwork too, open{' '}
              <a
                href={disconnectedNote}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium underline"
              >
                Upwork’s connected services
              </a>{' '}
              and remove the app.
            </p>
          ) : null}
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
