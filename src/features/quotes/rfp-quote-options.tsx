import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';

import {
  useQuoteJobOptionsQuery,
  useQuoteJobQuery,
  useQuoteTemplateOptionsQuery,
  type QuoteJobOption,
} from './quotes.api';
import { QUOTE_CURRENCIES, type RfpFormErrors, type RfpFormValues } from './rfp-generate-form';

/** The user's recent jobs, with the job named in the address first when it is not among them. */
function useJobChoices(linkedJobId: string): QuoteJobOption[] {
  const list = useQuoteJobOptionsQuery();
  const linked = useQuoteJobQuery(linkedJobId, { skip: !linkedJobId });
  const jobs = list.data?.items ?? [];
  const job = linked.data;
  return job && !jobs.some((j) => j.id === job.id) ? [job, ...jobs] : jobs;
}

/** The optional job link, the quote template, and the pricing the agent starts from. */
export function RfpQuoteOptions({
  values,
  errors,
  linkedJobId,
  onChange,
  disabled,
}: {
  values: RfpFormValues;
  errors: RfpFormErrors;
  linkedJobId: string;
  onChange: (changes: Partial<RfpFormValues>) => void;
  disabled: boolean;
}) {
  const jobs = useJobChoices(linkedJobId);
  const templates = useQuoteTemplateOptionsQuery();
  const currencies: string[] = (QUOTE_CURRENCIES as readonly string[]).includes(values.currency)
    ? [...QUOTE_CURRENCIES]
    : [values.currency, ...QUOTE_CURRENCIES];

  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="sr-only">Quote options</legend>
      <Select
        id="quote-job"
        label="Job (optional)"
        options={[
          { value: '', label: 'No job' },
          ...jobs.map((job) => ({ value: job.id, label: job.title })),
        ]}
        value={values.jobId}
        onChange={(e) => onChange({ jobId: e.target.value })}
      />
      <Select
        id="quote-template"
        label="Quote template"
        hint={templates.isError ? 'Templates could not be loaded; the agent chooses.' : undefined}
        options={[
          { value: '', label: 'Let the agent choose (your default template)' },
          ...(templates.data?.items ?? []).map((t) => ({
            value: t.id,
            label: t.isDefault ? `${t.name} (default)` : t.name,
          })),
        ]}
        value={values.templateId}
        onChange={(e) => onChange({ templateId: e.target.value })}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          id="quote-currency"
          label="Currency"
          error={errors.currency}
          options={currencies.map((code) => ({ value: code, label: code }))}
          value={values.currency}
          onChange={(e) => onChange({ currency: e.target.value })}
        />
        <Field
          id="quote-rate"
          label={`Hourly rate (${values.currency})`}
          hint="Leave blank to price it later: each line then gets an [Add: …] marker."
          error={errors.rate}
        >
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={inputClass}
            value={values.rate}
            onChange={(e) => onChange({ rate: e.target.value })}
            placeholder="85"
          />
        </Field>
      </div>
    </fieldset>
  );
}
