import { Activity, Ban, CheckCircle2, Download, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

import type { BackendUser } from '@/contract/user';
import { cellClass } from '@/components/ui/table';

import type { UserExportFormat } from './admin.api';
import { formatDate } from './format-date';
import { UserAccessCells } from './user-access-cells';
import type { AccessChange } from './use-user-access-changes';

export type UserRowAction =
  | { kind: 'activity' | 'status' | 'delete'; user: BackendUser }
  | { kind: 'export'; user: BackendUser; format: UserExportFormat };

const actionClass =
  'inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';

/** A small button whose accessible name adds the user's email to its visible word. */
function RowAction({
  icon,
  label,
  email,
  onClick,
  disabled,
}: {
  icon: ReactNode;
  label: string;
  email: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={actionClass} onClick={onClick} disabled={disabled}>
      {icon}
      {label}
      <span className="sr-only"> {email}</span>
    </button>
  );
}

/** One user: who, access (saved at once), status, dates, and what an admin can do with them. */
export function UserRow({
  user,
  isSelf,
  exporting,
  onAccessChange,
  onAction,
}: {
  user: BackendUser;
  isSelf: boolean;
  exporting: boolean;
  onAccessChange: (user: BackendUser, change: AccessChange) => void;
  onAction: (action: UserRowAction) => void;
}) {
  const iconClass = 'size-3.5';
  return (
    <tr className="align-top">
      <td className={`${cellClass} font-medium text-slate-900 dark:text-slate-100`}>
        {user.name ?? '—'}
      </td>
      <td className={`${cellClass} break-all`}>{user.email}</td>
      <UserAccessCells
        user={user}
        isSelf={isSelf}
        onChange={(change) => onAccessChange(user, change)}
      />
      <td className={cellClass}>
        {user.status === 'active' ? (
          'Active'
        ) : (
          <span className="font-medium text-rose-700 dark:text-rose-300">Disabled</span>
        )}
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>{formatDate(user.lastSignInAt)}</td>
      <td className={`${cellClass} whitespace-nowrap`}>{formatDate(user.createdAt)}</td>
      <td className={cellClass}>
        <div className="flex max-w-64 flex-wrap gap-1.5">
          <RowAction
            icon={<Activity className={iconClass} aria-hidden="true" />}
            label="Activity"
            email={user.email}
            onClick={() => onAction({ kind: 'activity', user })}
          />
          {(['json', 'csv'] as const).map((format) => (
            <RowAction
              key={format}
              icon={<Download className={iconClass} aria-hidden="true" />}
              label={`Export ${format.toUpperCase()}`}
              email={user.email}
              disabled={exporting}
              onClick={() => onAction({ kind: 'export', user, format })}
            />
          ))}
          {isSelf ? (
            <p className="text-xs text-slate-700 dark:text-slate-300">
              Your own account: another administrator can disable or delete it.
            </p>
          ) : (
            <>
              <RowAction
                icon={
                  user.status === 'active' ? (
                    <Ban className={iconClass} aria-hidden="true" />
                  ) : (
                    <CheckCircle2 className={iconClass} aria-hidden="true" />
                  )
                }
                label={user.status === 'active' ? 'Disable' : 'Enable'}
                email={user.email}
                onClick={() => onAction({ kind: 'status', user })}
              />
              <RowAction
                icon={<Trash2 className={iconClass} aria-hidden="true" />}
                label="Delete"
                email={user.email}
                onClick={() => onAction({ kind: 'delete', user })}
              />
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
