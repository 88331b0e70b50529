import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

import { buttonClass } from '@/components/ui/page';

import type { PortfolioFormValues, portfolioFormSchema } from './portfolio-form-values';

/** What a fieldset of repeated rows (numbers, links) gets from the item form. */
export type PortfolioRowsFieldsetProps = {
  form: UseFormReturn<PortfolioFormValues, unknown, z.output<typeof portfolioFormSchema>>;
  id: (name: string) => string;
  legendClassName: string;
};

/** One input of a repeated row (a number, a link): a screen-reader label and its error. */
export function PortfolioFormRowInput({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes that tie a row input to its error, when it has one. */
export function rowErrorProps(id: string, error?: string) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** The trash button at the end of a repeated row. */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={buttonClass.ghost} onClick={onClick} aria-label={label}>
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
}

/** The button under repeated rows that adds one more. */
export function AddRowButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className={buttonClass.secondary} onClick={onClick}>
      <Plus className="size-4" aria-hidden="true" /> {children}
    </button>
  );
}
