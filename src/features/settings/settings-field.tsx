import { useId, type ReactNode } from 'react';

/** A labelled control of the account forms; the control receives the id its label points at. */
export function SettingsField({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}
