import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import {
  LEAD_NAME_MAX,
  LEAD_SOURCES,
  LEAD_STAGES,
  LEAD_STAGE_LABELS,
  LEAD_TAGS_MAX,
  LEAD_TAG_MAX,
  MONEY_MINOR_MAX,
  type CreateLeadBody,
  type Lead,
} from '@/contract/leads';
import { majorStringToMinor, minorToMajorString } from '@/contract/quote-totals';

import { LEAD_SOURCE_LABELS, dateInputToDue, dueToDateInput } from './leads-format';

/** The form's fields as typed (money in major units, tags separated by commas). */
const leadFormSchema = z
  .object({
    contactName: z
      .string()
      .trim()
      .min(1, { message: 'Enter the contact name' })
      .max(LEAD_NAME_MAX, {
        message: `The contact name must be at most ${LEAD_NAME_MAX} characters`,
      }),
    company: z
      .string()
      .trim()
      .max(LEAD_NAME_MAX, { message: `The company must be at most ${LEAD_NAME_MAX} characters` }),
    email: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .pipe(z.email({ message: 'Enter a valid email address' })),
    ]),
    source: z.enum(LEAD_SOURCES),
    stage: z.enum(LEAD_STAGES),
    value: z.string().trim(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { message: 'Use a 3-letter currency code such as USD' }),
    probability: z.string().trim(),
    nextAction: z
      .string()
      .trim()
      .max(200, { message: 'The next action must be at most 200 characters' }),
    nextActionDue: z.string(),
    tags: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.value !== '') {
      const minor = majorStringToMinor(values.value, values.currency || 'USD');
      if (minor === null || minor > MONEY_MINOR_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'Enter the value as a number, such as 1200',
        });
    }
    if (values.probability !== '') {
      const n = Number(values.probability);
      if (!Number.isInteger(n) || n < 0 || n > 100)
        ctx.addIssue({
          code: 'custom',
          path: ['probability'],
          message: 'Use a whole number from 0 to 100',
        });
    }
    const tags = splitTags(values.tags);
    if (tags.length > LEAD_TAGS_MAX)
      ctx.addIssue({ code: 'custom', path: ['tags'], message: `At most ${LEAD_TAGS_MAX} tags` });
    if (tags.some((tag) => tag.length > LEAD_TAG_MAX))
      ctx.addIssue({
        code: 'custom',
        path: ['tags'],
        message: `A tag must be at most ${LEAD_TAG_MAX} characters`,
      });
  });
export type LeadFormValues = z.input<typeof leadFormSchema>;

/** Tags as typed ("design, retainer"): trimmed, blanks dropped, each once. */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

export function leadFormDefaults(lead?: Lead): LeadFormValues {
  return {
    contactName: lead?.contactName ?? '',
    company: lead?.company ?? '',
    email: lead?.email ?? '',
    source: lead?.source ?? 'other',
    stage: lead?.stage ?? 'new',
    value: lead && lead.valueMinor > 0 ? minorToMajorString(lead.valueMinor, lead.currency) : '',
    currency: lead?.currency ?? 'USD',
    probability: lead ? String(lead.probability) : '',
    nextAction: lead?.nextAction ?? '',
    nextActionDue: dueToDateInput(lead?.nextActionDue ?? null),
    tags: lead?.tags.join(', ') ?? '',
  };
}

/** The body the API takes, from the checked form values. */
export function leadBodyOf(
  values: LeadFormValues,
): Omit<CreateLeadBody, 'jobId' | 'upworkClientId'> {
  const currency = values.currency.trim().toUpperCase();
  const probability = values.probability.trim();
  return {
    contactName: values.contactName.trim(),
    company: values.company.trim(),
    email: values.email.trim(),
    source: values.source,
    stage: values.stage,
    valueMinor: values.value.trim() ? (majorStringToMinor(values.value, currency) ?? 0) : 0,
    currency,
    ...(probability ? { probability: Number(probability) } : {}),
    nextAction: values.nextAction.trim(),
    nextActionDue: dateInputToDue(values.nextActionDue),
    tags: splitTags(values.tags),
  };
}

/**
 * A lead's fields, for a new lead and for editing one. `onSubmit` answers with the API's message
 * when it refuses, shown under the form.
 */
export function LeadForm({
  lead,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  lead?: Lead;
  submitLabel: string;
  onSubmit: (body: ReturnType<typeof leadBodyOf>) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<LeadFormValues>({
    resolver: zodResolver(leadFormSchema),
    defaultValues: leadFormDefaults(lead),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(async (values) => {
    const problem = await onSubmit(leadBodyOf(values));
    if (problem) setError('root', { message: problem });
    else form.reset(values);
  });
  const field = (name: keyof LeadFormValues) => `${id}-${name}`;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={field('contactName')} label="Contact name" error={errors.contactName?.message}>
          <input className={inputClass} autoComplete="off" {...register('contactName')} />
        </Field>
        <Field id={field('company')} label="Company" error={errors.company?.message}>
          <input className={inputClass} autoComplete="off" {...register('company')} />
        </Field>
        <Field id={field('email')} label="Email" error={errors.email?.message}>
          <input type="email" className={inputClass} autoComplete="off" {...register('email')} />
        </Field>
        <Select
          id={field('source')}
          label="Source"
          options={optionsOf(LEAD_SOURCES, LEAD_SOURCE_LABELS)}
          {...register('source')}
        />
        <Select
          id={field('stage')}
          label="Stage"
          options={optionsOf(LEAD_STAGES, LEAD_STAGE_LABELS)}
          {...register('stage')}
        />
        <Field
          id={field('probability')}
          label="Probability (%)"
          hint="Blank: the stage's usual probability."
          error={errors.probability?.message}
        >
          <input inputMode="numeric" className={inputClass} {...register('probability')} />
        </Field>
        <Field id={field('value')} label="Value" error={errors.value?.message}>
          <input
            inputMode="decimal"
            className={inputClass}
            placeholder="0"
            {...register('value')}
          />
        </Field>
        <Field id={field('currency')} label="Currency" error={errors.currency?.message}>
          <input className={inputClass} maxLength={3} {...register('currency')} />
        </Field>
        <Field id={field('nextAction')} label="Next action" error={errors.nextAction?.message}>
          <input
            className={inputClass}
            placeholder="Send the revised quote"
            {...register('nextAction')}
          />
        </Field>
        <Field id={field('nextActionDue')} label="Due date">
          <input type="date" className={inputClass} {...register('nextActionDue')} />
        </Field>
      </div>
      <Field
        id={field('tags')}
        label="Tags"
        hint="Separate tags with commas."
        error={errors.tags?.message}
      >
        <input className={inputClass} autoComplete="off" {...register('tags')} />
      </Field>
      <FormAlert>{errors.root?.message}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
