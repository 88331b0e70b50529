import { Users } from 'lucide-react';
import { useState } from 'react';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { Table } from '@/components/ui/table';
import type { BackendUser } from '@/contract/user';

import { useListAdminUsersQuery } from './admin.api';

const USER_COLUMNS = ['Name', 'Email', 'Role', 'Modules'].map((label) => ({ key: label, label }));

function UsersPageChunk({
  cursor,
  isLast,
  onNext,
}: {
  cursor: string | null;
  isLast: boolean;
  onNext: (cursor: string) => void;
}) {
  const { data, error, isLoading, isFetching, refetch } = useListAdminUsersQuery({ cursor });
  if (isLoading) {
    return (
      <tr>
        <td colSpan={4} className="px-4 py-6 text-slate-600 dark:text-slate-300">
          <span role="status" className="inline-flex items-center gap-2">
            <Spinner className="size-4" /> Loading users…
          </span>
        </td>
      </tr>
    );
  }
  if (error) {
    return (
      <tr>
        <td colSpan={4} className="px-4 py-6">
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 text-red-700 dark:text-red-400"
          >
            Could not load the users.
            <button type="button" className={buttonClass.secondary} onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        </td>
      </tr>
    );
  }
  const items = data?.items ?? [];
  return (
    <>
      {items.map((user) => (
        <UserRow key={user.id} user={user} />
      ))}
      {isLast && data?.nextCursor ? (
        <tr>
          <td colSpan={4} className="px-4 py-3">
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={isFetching}
              onClick={() => onNext(data.nextCursor as string)}
            >
              Load more
            </button>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function UserRow({ user }: { user: BackendUser }) {
  return (
    <tr className="border-t border-slate-200 dark:border-slate-700">
      <td className="px-4 py-3 font-medium text-slate-900 dark:text-slate-100">
        {user.name ?? '—'}
      </td>
      <td className="px-4 py-3 break-all">{user.email}</td>
      <td className="px-4 py-3">{user.role}</td>
      <td className="px-4 py-3">{user.modules.length > 0 ? user.modules.join(', ') : 'none'}</td>
    </tr>
  );
}

/** /users and /settings/users (admin only; the route guard shows 'Access Denied' to others). */
export default function UsersPage() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useListAdminUsersQuery({ cursor: null });
  const empty = !first.isLoading && !first.error && first.data?.items.length === 0;

  return (
    <>
      <PageHeader title="Users" description="Everyone with access to this Bidwright workspace." />
      {empty ? (
        <EmptyState
          icon={<Users className="size-8" />}
          title="No users yet"
          description="Accounts appear here after their first sign-in."
        />
      ) : (
        <Table caption="Users" columns={USER_COLUMNS} className="w-full min-w-[36rem]">
          {cursors.map((cursor, index) => (
            <UsersPageChunk
              key={cursor ?? 'first'}
              cursor={cursor}
              isLast={index === cursors.length - 1}
              onNext={(next) => setCursors((current) => [...current, next])}
            />
          ))}
        </Table>
      )}
    </>
  );
}
