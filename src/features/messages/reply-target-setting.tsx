import { useState } from 'react';

import { Field, compactLabelClass } from '@/components/ui/field';
import { FormStatus } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useUpdateMessageSettingsMutation } from './messages.api';

const MAX_HOURS = 24 * 14;

/** The target is whole hours, from 1 to two weeks, as the API accepts it. */
export function replyTargetProblem(raw: string): string | null {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value)) return 'Enter a whole number of hours';
  if (value < 1 || value > MAX_HOURS) return `Enter between 1 and ${MAX_HOURS} hours`;
  return null;
}

/** The reply-time target: a client who has waited longer is highlighted in the list and the thread. */
export function ReplyTargetSetting({ hours }: { hours: number }) {
  const [value, setValue] = useState(String(hours));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [update, updating] = useUpdateMessageSettingsMutation();

  const save = async () => {
    const problem = replyTargetProblem(value);
    setSaved(false);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const result = await update({ replyTargetHours: Number(value) });
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'Could not save the target. Try again.'));
    else setSaved(true);
  };

  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field
        id="reply-target-hours"
        label="Reply-time target (hours)"
        labelClassName={compactLabelClass}
        error={error ?? undefined}
      >
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_HOURS}
          step={1}
          className={`${inputClass} w-28`}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setSaved(false);
          }}
        />
      </Field>
      <button
        type="submit"
        className={buttonClass.secondary}
        disabled={updating.isLoading || value === String(hours)}
      >
        {updating.isLoading ? 'Saving…' : 'Save target'}
      </button>
      <FormStatus>{saved ? 'Target saved.' : null}</FormStatus>
    </form>
  );
}
