import type { ComponentProps, ReactNode } from 'react';

import { Field } from './field';
import { inputClass } from './page';

export type SelectOption = { value: string; label: ReactNode };

export type SelectProps = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string | undefined;
  labelHidden?: boolean;
  labelClassName?: string;
  /** Classes of the wrapper around label, control, hint and error. */
  fieldClassName?: string;
};

/** A labelled select; takes react-hook-form's `register(...)` props or value and onChange. */
export function Select({
  id,
  label,
  options,
  hint,
  error,
  labelHidden,
  labelClassName,
  fieldClassName,
  className,
  ...selectProps
}: SelectProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      labelHidden={labelHidden}
      labelClassName={labelClassName}
      className={fieldClassName}
    >
      <select className={className ?? inputClass} {...selectProps}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Options from a list of values and their labels, in the list's order. */
export function optionsOf<T extends string>(
  values: readonly T[],
  labels: Record<T, ReactNode>,
): SelectOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
