import type { ReactNode } from 'react';

/** A message under a form's fields that is announced when it appears; nothing when empty. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {children}
    </p>
  );
}
