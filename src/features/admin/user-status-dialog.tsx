import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass } from '@/components/ui/page';
import type { BackendUser } from '@/contract/user';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useSetAdminUserStatusMutation } from './admin.api';
import { adminErrorMessage } from './admin-error';
import { userLabel, type Notify } from './use-user-access-changes';

/** Disabling or enabling an account, after the admin confirms what it does. */
export function UserStatusDialog({
  user,
  onClose,
  notify,
}: {
  user: BackendUser;
  onClose: () => void;
  notify: Notify;
}) {
  const [setStatus, { isLoading }] = useSetAdminUserStatusMutation();
  const [error, setError] = useState('');
  const disabling = user.status === 'active';
  const name = userLabel(user);

  const confirm = async () => {
    const result = await setStatus({ id: user.id, status: disabling ? 'disabled' : 'active' });
    if ('error' in result) {
      setError(adminErrorMessage(result.error, `Could not change ${name}'s account. Try again.`));
      return;
    }
    notify({ message: disabling ? `${name} is disabled.` : `${name} can sign in again.` });
    onClose();
  };

  return (
    <ModalDialog
      width="md"
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={disabling ? `Disable ${name}?` : `Enable ${name}?`}
      description={
        disabling
          ? `${user.email} is signed out everywhere at once and cannot sign in until an administrator enables the account again. Their data is kept.`
          : `${user.email} can sign in again with their password, with the role and modules they had.`
      }
    >
      <FormAlert>{error}</FormAlert>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={
            disabling ? `${buttonClass.primary} bg-rose-700 hover:bg-rose-600` : buttonClass.primary
          }
          disabled={isLoading}
          onClick={() => void confirm()}
        >
          {disabling ? 'Disable account' : 'Enable account'}
        </button>
      </div>
    </ModalDialog>
  );
}
