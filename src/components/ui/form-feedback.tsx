import type { ReactNode } from 'react';

/** A form's error under its fields, announced when it appears; nothing when empty. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {children}
    </p>
  );
}

/** A form's outcome ("Saved."), read out politely; nothing when empty. */
export function FormStatus({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className="text-sm">
      {children}
    </p>
  );
}
