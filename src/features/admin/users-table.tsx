import { Users } from 'lucide-react';

import { EmptyState, buttonClass } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { Table } from '@/components/ui/table';
import type { BackendUser, UserListPage } from '@/contract/user';

import { UserRow, type UserRowAction } from './user-row';
import type { AccessChange } from './use-user-access-changes';

const USER_COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'modules', label: 'Modules' },
  { key: 'status', label: 'Status' },
  { key: 'signIn', label: 'Last sign-in' },
  { key: 'created', label: 'Created' },
  { key: 'actions', label: 'Actions' },
];

export type UsersTableProps = {
  data: UserListPage | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  q: string;
  firstRow: number;
  selfId: string | null;
  exporting: boolean;
  onRetry: () => void;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onAccessChange: (user: BackendUser, change: AccessChange) => void;
  onAction: (action: UserRowAction) => void;
};

/** The list in its states: loading, failed (with Retry), nothing found, or a page of rows. */
export function UsersTable(props: UsersTableProps) {
  const { data, isLoading, error, q } = props;
  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm">
        <Spinner className="size-4" /> Loading users…
      </p>
    );
  }
  if (error || !data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 py-6 text-sm">
        Could not load the users. Check your connection, then try again.
        <button type="button" className={buttonClass.secondary} onClick={props.onRetry}>
          Retry
        </button>
      </div>
    );
  }
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={<Users className="size-8" />}
        title={q ? 'No users found' : 'No users yet'}
        description={
          q
            ? `No name or email contains “${q}”.`
            : 'Accounts appear here after their first sign-in, or when you invite someone.'
        }
      />
    );
  }
  return <UsersPage {...props} data={data} />;
}

function UsersPage(props: UsersTableProps & { data: UserListPage }) {
  const { data, firstRow } = props;
  const lastRow = firstRow + data.items.length - 1;
  return (
    <>
      <Table caption="Users" columns={USER_COLUMNS} className="w-full min-w-[60rem]">
        {data.items.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            isSelf={user.id === props.selfId}
            exporting={props.exporting}
            onAccessChange={props.onAccessChange}
            onAction={props.onAction}
          />
        ))}
      </Table>
      <nav aria-label="Pages of users" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <p aria-live="polite">
          {firstRow}–{lastRow} of {data.total}
        </p>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!props.onPrevious || props.isFetching}
          onClick={() => props.onPrevious?.()}
        >
          Previous
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!props.onNext || props.isFetching}
          onClick={() => props.onNext?.()}
        >
          Next
        </button>
      </nav>
    </>
  );
}
