import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

type ControlProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
};

export type FieldProps = {
  /** The control's id; the label points at it and the hint and error are named after it. */
  id: string;
  label: ReactNode;
  /** Shown under the control and read out with it. */
  hint?: ReactNode;
  /** A validation message; marks the control invalid and is announced when it appears. */
  error?: string | undefined;
  /** Keeps the label for screen readers only, where the layout already says what the control is. */
  labelHidden?: boolean;
  /** Replaces the standard label look, e.g. the smaller labels of a filter bar. */
  labelClassName?: string;
  className?: string;
  /** One control (input, select, textarea); it receives the id and the aria attributes. */
  children: ReactElement<ControlProps>;
  /** Shown between the control and its hint, e.g. a note on where the options come from. */
  after?: ReactNode;
};

export const labelClass = 'block text-sm font-medium';
/** The smaller label of filter bars, where many controls share one row. */
export const compactLabelClass = 'block text-xs font-medium text-slate-700 dark:text-slate-300';
export const hintClass = 'mt-1 text-xs text-slate-600 dark:text-slate-300';
export const errorClass = 'mt-1 text-xs text-rose-700 dark:text-rose-300';

/** The ids a control lists in aria-describedby: its own, then the hint's, then the error's. */
function describedBy(own: string | undefined, hintId?: string, errorId?: string) {
  const ids = [own, hintId, errorId].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A labelled form control with an optional hint and validation message tied to it. */
export function Field({
  id,
  label,
  hint,
  error,
  labelHidden = false,
  labelClassName = labelClass,
  className,
  children,
  after,
}: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-describedby': describedBy(children.props['aria-describedby'], hintId, errorId),
        ...(error ? { 'aria-invalid': true } : {}),
      })
    : children;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : labelClassName}>
        {label}
      </label>
      {control}
      {after}
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
