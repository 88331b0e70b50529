import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';

import { errorClass, hintClass, labelClass } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';

import { MAX_WRITING_SAMPLES, type ProfileFormValues } from './profile-form-values';

/** Up to five passages in the freelancer's own voice, which drafts imitate. */
export function WritingSamplesFieldset({
  form,
  id,
}: {
  form: UseFormReturn<ProfileFormValues>;
  id: (name: string) => string;
}) {
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'writingSamples',
  });
  const errors = form.formState.errors.writingSamples;
  return (
    <fieldset className="space-y-3">
      <legend className={labelClass}>Writing samples</legend>
      <p className={hintClass}>
        Up to {MAX_WRITING_SAMPLES} passages you wrote (a proposal that won, a message to a client):
        drafts follow their voice.
      </p>
      {fields.map((field, index) => {
        const error = errors?.[index]?.text?.message;
        const sampleId = id(`sample-${index}`);
        return (
          <div key={field.id} className="space-y-1">
            <div className="flex items-center justify-between gap-2">
              <label htmlFor={sampleId} className="text-sm text-slate-800 dark:text-slate-200">
                Sample {index + 1}
              </label>
              <button
                type="button"
                className={buttonClass.ghost}
                onClick={() => remove(index)}
                aria-label={`Remove sample ${index + 1}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </div>
            <textarea
              id={sampleId}
              rows={4}
              className={inputClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${sampleId}-error` : undefined}
              {...form.register(`writingSamples.${index}.text`)}
            />
            {error ? (
              <p id={`${sampleId}-error`} role="alert" className={errorClass}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {fields.length < MAX_WRITING_SAMPLES ? (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => append({ text: '' })}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add writing sample
        </button>
      ) : (
        <p className={hintClass}>That is the most samples a profile keeps.</p>
      )}
    </fieldset>
  );
}
