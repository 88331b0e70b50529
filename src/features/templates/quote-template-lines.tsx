import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type FieldPath, type UseFormReturn } from 'react-hook-form';

import { errorClass, labelClass } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';

import {
  EMPTY_LINE,
  type QuoteTemplateFormOutput,
  type QuoteTemplateFormValues,
} from './quote-template-form-values';

type Form = UseFormReturn<QuoteTemplateFormValues, unknown, QuoteTemplateFormOutput>;
type Props = { form: Form; id: (name: string) => string };

const MAX_LINES = 100;
const smallLabel = 'block text-xs font-medium text-slate-700 dark:text-slate-300';

/** One labelled input of a line, with its own error under it. */
function LineInput({
  form,
  id,
  name,
  label,
  ...inputProps
}: Props & {
  name: FieldPath<QuoteTemplateFormValues>;
  label: string;
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
}) {
  const inputId = id(name);
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <div>
      <label htmlFor={inputId} className={smallLabel}>
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
        <p id={`${inputId}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The lines every quote from this template starts with: name, quantity, unit, a fixed rate (blank
 * uses the rate chosen for the quote) and whether the client may leave the line out.
 */
export function QuoteTemplateLines({ form, id }: Props) {
  const rows = useFieldArray({ control: form.control, name: 'lineItems' });
  return (
    <fieldset className="space-y-3">
      <legend className={labelClass}>Default lines</legend>
      {rows.fields.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No default lines: quotes from this template get lines from the RFP only.
        </p>
      ) : null}
      <ol className="space-y-3">
        {rows.fields.map((field, index) => {
          const n = index + 1;
          return (
            <li
              key={field.id}
              aria-label={`Line ${n}`}
              className="grid grid-cols-2 items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_6rem_7rem_8rem] dark:border-slate-700"
            >
              <div className="col-span-2 sm:col-span-1">
                <LineInput
                  form={form}
                  id={id}
                  name={`lineItems.${index}.label`}
                  label={`Line ${n} name`}
                />
              </div>
              <LineInput
                form={form}
                id={id}
                name={`lineItems.${index}.quantity`}
                label={`Line ${n} quantity`}
                inputMode="decimal"
              />
              <div>
                <label htmlFor={id(`lineItems.${index}.unit`)} className={smallLabel}>
                  {`Line ${n} unit`}
                </label>
                <select
                  id={id(`lineItems.${index}.unit`)}
                  className={inputClass}
                  {...form.register(`lineItems.${index}.unit`)}
                >
                  <option value="hours">hours</option>
                  <option value="units">units</option>
                </select>
              </div>
              <LineInput
                form={form}
                id={id}
                name={`lineItems.${index}.rate`}
                label={`Line ${n} rate`}
                inputMode="decimal"
                placeholder="your rate"
              />
              <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 sm:col-span-4">
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" {...form.register(`lineItems.${index}.optional`)} />
                  Optional (the client may leave it out)
                </label>
                <button
                  type="button"
                  className={buttonClass.ghost}
                  onClick={() => rows.remove(index)}
                  aria-label={`Remove line ${n}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" /> Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {rows.fields.length < MAX_LINES ? (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => rows.append(EMPTY_LINE)}
        >
          <Plus className="size-4" aria-hidden="true" /> Add line
        </button>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Leave the rate blank to use the rate you choose for each quote.
      </p>
    </fieldset>
  );
}
