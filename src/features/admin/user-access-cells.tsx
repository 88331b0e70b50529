import { MODULES, type BackendUser, type Module, type Role } from '@/contract/user';
import { inputClass } from '@/components/ui/page';
import { cellClass } from '@/components/ui/table';

import type { AccessChange } from './use-user-access-changes';

/** The role select and module checkboxes of one row; each change is saved at once. */
export function UserAccessCells({
  user,
  isSelf,
  onChange,
}: {
  user: BackendUser;
  isSelf: boolean;
  onChange: (change: AccessChange) => void;
}) {
  const roleId = `role-${user.id}`;
  return (
    <>
      <td className={cellClass}>
        {isSelf ? (
          <span>
            admin <span className="text-xs text-slate-600 dark:text-slate-300">(you)</span>
          </span>
        ) : (
          <>
            <label htmlFor={roleId} className="sr-only">
              Role of {user.email}
            </label>
            <select
              id={roleId}
              className={`${inputClass} w-28`}
              value={user.role}
              onChange={(event) => onChange({ role: event.target.value as Role })}
            >
              <option value="member">member</option>
              <option value="admin">admin</option>
            </select>
          </>
        )}
      </td>
      <td className={cellClass}>
        {user.role === 'admin' ? (
          <span className="text-slate-700 dark:text-slate-300">all (admin)</span>
        ) : (
          <ModuleCheckboxes user={user} onChange={(modules) => onChange({ modules })} />
        )}
      </td>
    </>
  );
}

function ModuleCheckboxes({
  user,
  onChange,
}: {
  user: BackendUser;
  onChange: (modules: Module[]) => void;
}) {
  const toggle = (module: Module, checked: boolean) => {
    const next = checked
      ? MODULES.filter((each) => each === module || user.modules.includes(each))
      : user.modules.filter((each) => each !== module);
    onChange(next);
  };
  return (
    <fieldset>
      <legend className="sr-only">Modules of {user.email}</legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-1">
        {MODULES.map((module) => (
          <label key={module} className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={user.modules.includes(module)}
              onChange={(event) => toggle(module, event.target.checked)}
            />
            {module}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
