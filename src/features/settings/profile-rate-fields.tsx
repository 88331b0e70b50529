import type { UseFormReturn } from 'react-hook-form';

import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';

import { CURRENCIES, timeZones, withCurrent } from './profile-choices';
import type { ProfileFormValues } from './profile-form-values';

/** Money and time: hourly rate, rate floor, currency and time zone. */
export function ProfileRateFields({
  form,
  id,
}: {
  form: UseFormReturn<ProfileFormValues>;
  id: (name: string) => string;
}) {
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const currency = watch('currency');
  const timezone = watch('timezone');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id={id('rate')}
        label={`Hourly rate (${currency})`}
        hint="Jobs are compared with it; drafts quote it."
        error={errors.hourlyRate?.message}
      >
        <input className={inputClass} inputMode="decimal" {...register('hourlyRate')} />
      </Field>
      <Field
        id={id('floor')}
        label={`Rate floor (${currency})`}
        hint="The least you accept: jobs paying less are flagged."
        error={errors.rateFloor?.message}
      >
        <input className={inputClass} inputMode="decimal" {...register('rateFloor')} />
      </Field>
      <Select
        id={id('currency')}
        label="Currency"
        options={withCurrent(CURRENCIES, currency).map((code) => ({ value: code, label: code }))}
        error={errors.currency?.message}
        {...register('currency')}
      />
      <Select
        id={id('timezone')}
        label="Time zone"
        options={timeZones(timezone).map((zone) => ({
          value: zone,
          label: zone.replace(/_/g, ' '),
        }))}
        error={errors.timezone?.message}
        {...register('timezone')}
      />
    </div>
  );
}
