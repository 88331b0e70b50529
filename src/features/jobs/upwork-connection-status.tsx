import { Select } from '@/components/ui/select';
import type { UpworkConnection } from '@/contract/upwork';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'never';
}

function statusLabel(connection: UpworkConnection): string {
  if (connection.status === 'connected')
    return `Connected${connection.upworkUserName ? ` as ${connection.upworkUserName}` : ''}`;
  return connection.status === 'needs_reauth' ? 'Needs to be connected again' : 'Not connected';
}

type Props = {
  connection: UpworkConnection;
  choosing: boolean;
  onChooseOrganization: (organizationId: string) => void;
};

/** The connection's status, when it was made and last synced, its last error and organization. */
export function UpworkConnectionStatus({ connection, choosing, onChooseOrganization }: Props) {
  return (
    <>
      <p>
        Status: <strong>{statusLabel(connection)}</strong>
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
          disabled={choosing}
          onChange={(event) => onChooseOrganization(event.target.value)}
        />
      ) : null}
    </>
  );
}
