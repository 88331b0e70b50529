import type { BackendUser, Module, Role, UpdateUserBody } from '@/contract/user';

import { useUpdateAdminUserMutation } from './admin.api';
import { adminErrorMessage } from './admin-error';

export type AccessChange = { role: Role } | { modules: Module[] };

/** What the Users page tells the admin after a change, with the way back when there is one. */
export type AdminToast = { key: number; message: string; undo?: () => void };

export type Notify = (toast: Omit<AdminToast, 'key'>) => void;

export function userLabel(user: Pick<BackendUser, 'name' | 'email'>): string {
  return user.name ?? user.email;
}

function describeChange(user: BackendUser, change: AccessChange): string {
  if ('role' in change)
    return `${userLabel(user)} is now ${change.role === 'admin' ? 'an admin' : 'a member'}.`;
  const modules = change.modules.length > 0 ? change.modules.join(', ') : 'none';
  return `Modules of ${userLabel(user)}: ${modules}.`;
}

/**
 * Role and module changes, saved as soon as they are made; the toast that confirms each one
 * offers Undo, which saves the value from before the change.
 */
export function useUserAccessChanges(notify: Notify, reportError: (message: string) => void) {
  const [update] = useUpdateAdminUserMutation();

  const save = async (user: BackendUser, changes: UpdateUserBody): Promise<boolean> => {
    const result = await update({ id: user.id, changes });
    if ('error' in result) {
      reportError(
        adminErrorMessage(result.error, `Could not save the change to ${userLabel(user)}.`),
      );
      return false;
    }
    reportError('');
    return true;
  };

  return async (user: BackendUser, change: AccessChange): Promise<boolean> => {
    const previous: AccessChange =
      'role' in change ? { role: user.role } : { modules: user.modules };
    const saved = await save(user, change);
    if (!saved) return false;
    notify({
      message: describeChange(user, change),
      undo: () => {
        void save(user, previous).then((restored) => {
          if (restored) notify({ message: `Undone: ${describeChange(user, previous)}` });
        });
      },
    });
    return true;
  };
}
