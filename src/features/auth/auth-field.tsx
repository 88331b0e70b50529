import type { ComponentProps, ReactNode } from 'react';

import { inputClass } from '@/components/ui/page';

type Props = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  id: string;
  label: string;
  /** Shown on the label's row, at its end (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
  /** A validation message under the input; marks the input invalid and names it as its description. */
  error?: string | undefined;
};

/** A labelled input of the sign-in and sign-up forms, with its validation message. */
export function AuthField({ id, label, labelAside, error, ...input }: Props) {
  const errorId = `${id}-error`;
  const labelElement = (
    <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
      {label}
    </label>
  );
  return (
    <div className="space-y-1">
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
