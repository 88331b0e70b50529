import { UserPlus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { FormAlert } from '@/components/ui/form-feedback';
import { PageHeader, buttonClass } from '@/components/ui/page';
import { UndoToast } from '@/components/ui/undo-toast';
import { useCurrentUser } from '@/lib/session';
import { useLogActivity } from '@/store/activity-logger';

import { DeleteUserDialog } from './delete-user-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { UserActivityDialog } from './user-activity-dialog';
import type { UserRowAction } from './user-row';
import { UserStatusDialog } from './user-status-dialog';
import { UsersTable } from './users-table';
import { UsersToolbar } from './users-toolbar';
import { useUserAccessChanges, type AdminToast } from './use-user-access-changes';
import { useUserExport } from './use-user-export';
import { useUsersList } from './use-users-list';

type OpenDialog = Exclude<UserRowAction, { kind: 'export' }> | { kind: 'invite' } | null;

/** /users and /settings/users (admin only; the route guard shows 'Access Denied' to others). */
export default function UsersPage() {
  const list = useUsersList();
  const selfId = useCurrentUser()?.backendId ?? null;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [toast, setToast] = useState<AdminToast | null>(null);
  const [problem, setProblem] = useState('');
  const toastKey = useRef(0);
  const notify = useCallback((next: Omit<AdminToast, 'key'>) => {
    toastKey.current += 1;
    setToast({ ...next, key: toastKey.current });
  }, []);
  const closeToast = useCallback(() => setToast(null), []);
  const shownToast = useMemo(
    () =>
      toast
        ? { id: String(toast.key), message: toast.message, undoable: Boolean(toast.undo) }
        : null,
    [toast],
  );
  const changeAccess = useUserAccessChanges(notify, setProblem);
  const { download, exporting } = useUserExport();
  const log = useLogActivity();

  useEffect(() => {
    log({ action: 'view_admin_panel', details: { section: 'users' } });
  }, [log]);

  const onAction = (action: UserRowAction) => {
    if (action.kind !== 'export') {
      setDialog(action);
      return;
    }
    void download(action.user, action.format).then((failure) => {
      setProblem(failure ?? '');
      if (!failure) notify({ message: `Downloaded the data of ${action.user.email}.` });
    });
  };
  const close = () => setDialog(null);
  const { data, isLoading, isFetching, error, refetch } = list.query;

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone with access to this Bidwright workspace: their role, modules and account."
        actions={
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => setDialog({ kind: 'invite' })}
          >
            <UserPlus className="size-4" aria-hidden="true" /> Invite user
          </button>
        }
      />
      <UsersToolbar
        search={list.search}
        onSearch={list.setSearch}
        order={list.order}
        onOrder={list.setOrder}
      />
      <div className="mb-3">
        <FormAlert>{problem}</FormAlert>
      </div>
      <UsersTable
        data={data}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        q={list.q}
        firstRow={list.firstRow}
        selfId={selfId}
        exporting={exporting}
        onRetry={() => void refetch()}
        onPrevious={list.pageIndex > 0 ? list.previous : null}
        onNext={data?.nextCursor ? list.next : null}
        onAccessChange={(user, change) => void changeAccess(user, change)}
        onAction={onAction}
      />
      {dialog?.kind === 'invite' ? <InviteUserDialog onClose={close} /> : null}
      {dialog?.kind === 'status' ? (
        <UserStatusDialog user={dialog.user} onClose={close} notify={notify} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUserDialog user={dialog.user} onClose={close} notify={notify} />
      ) : null}
      {dialog?.kind === 'activity' ? (
        <UserActivityDialog user={dialog.user} onClose={close} />
      ) : null}
      <UndoToast
        toast={shownToast}
        onUndo={() => {
          toast?.undo?.();
          closeToast();
        }}
        onClose={closeToast}
      />
    </>
  );
}
