import type { UseFormReturn } from 'react-hook-form';

import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { optionsOf, Select } from '@/components/ui/select';

import { LENGTH_LABELS, LENGTHS, TONE_LABELS, TONES } from './profile-choices';
import type { ProfileFormValues } from './profile-form-values';
import { WritingSamplesFieldset } from './writing-samples-fieldset';

/** How drafts sound: signature, writing samples, default tone and length. */
export function ProfileVoiceFields({
  form,
  id,
}: {
  form: UseFormReturn<ProfileFormValues>;
  id: (name: string) => string;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <div className="space-y-4">
      <Field
        id={id('signature')}
        label="Signature"
        hint="How drafts sign off, e.g. your name and a link to your portfolio."
        error={errors.signature?.message}
      >
        <textarea rows={2} className={inputClass} {...register('signature')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id={id('tone')}
          label="Default tone"
          options={optionsOf(TONES, TONE_LABELS)}
          {...register('defaultTone')}
        />
        <Select
          id={id('length')}
          label="Default length"
          options={optionsOf(LENGTHS, LENGTH_LABELS)}
          {...register('defaultLength')}
        />
      </div>
      <WritingSamplesFieldset form={form} id={id} />
    </div>
  );
}
