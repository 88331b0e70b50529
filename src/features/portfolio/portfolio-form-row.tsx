import { Plus, Trash2 } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

import { buttonClass, inputClass } from '@/components/ui/page';

import type { PortfolioFormValues, portfolioFormSchema } from './portfolio-form-values';

/** What a fieldset of repeated rows (numbers, links) gets from the item form. */
export type PortfolioRowsFieldsetProps = {
  form: UseFormReturn<PortfolioFormValues, unknown, z.output<typeof portfolioFormSchema>>;
  id: (name: string) => string;
  legendClassName: string;
};

/** One text input of a repeated row (a number, a link): a screen-reader label and its error. */
export function PortfolioRowInput({
  form,
  id,
  name,
  label,
  ...inputProps
}: Pick<PortfolioRowsFieldsetProps, 'form' | 'id'> & {
  name: FieldPath<PortfolioFormValues>;
  label: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'placeholder'>) {
  const inputId = id(name);
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <div>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        className={inputClass}
        {...inputProps}
        {...form.register(name)}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${inputId}-error` } : {})}
      />
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
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
