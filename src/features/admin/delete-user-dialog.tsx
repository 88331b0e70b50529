import { useId, useState } from 'react';

import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import type { BackendUser } from '@/contract/user';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useDeleteAdminUserMutation } from './admin.api';
import { adminErrorMessage } from './admin-error';
import { userLabel, type Notify } from './use-user-access-changes';

/** Deleting an account and all its data: Delete stays off until the user's email is typed. */
export function DeleteUserDialog({
  user,
  onClose,
  notify,
}: {
  user: BackendUser;
  onClose: () => void;
  notify: Notify;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [deleteUser, { isLoading }] = useDeleteAdminUserMutation();
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  const confirm = async () => {
    if (!matches) return;
    const result = await deleteUser(user.id);
    if ('error' in result) {
      setError(adminErrorMessage(result.error, `Could not delete ${user.email}. Try again.`));
      return;
    }
    notify({ message: `Deleted ${user.email} and all their data.` });
    onClose();
  };

  return (
    <ModalDialog
      width="md"
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${userLabel(user)}?`}
      description="This removes the account, its sign-in and everything it holds (responses, quotes, jobs, portfolio, activity). It cannot be undone: export the data first if it may be needed."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        className="space-y-4"
      >
        <Field
          id={inputId}
          label={
            <>
              Type <span className="font-mono">{user.email}</span> to confirm
            </>
          }
        >
          <input
            className={inputClass}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={`${buttonClass.primary} bg-rose-700 hover:bg-rose-600`}
            disabled={!matches || isLoading}
          >
            Delete user
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
