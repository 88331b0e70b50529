import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import {
  PORTFOLIO_LIMITS,
  type CreatePortfolioItemBody,
  type PortfolioItem,
} from '@/contract/portfolio';

/** The form's own shape (text inputs), checked with zod and turned into the API body. */
export const portfolioFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'Give the item a title' })
    .max(PORTFOLIO_LIMITS.title, { message: `At most ${PORTFOLIO_LIMITS.title} characters` }),
  description: z.string().max(PORTFOLIO_LIMITS.description, {
    message: `At most ${PORTFOLIO_LIMITS.description} characters`,
  }),
  role: z
    .string()
    .trim()
    .max(PORTFOLIO_LIMITS.role, { message: `At most ${PORTFOLIO_LIMITS.role} characters` }),
  skills: z
    .string()
    .refine((value) => splitSkills(value).length <= PORTFOLIO_LIMITS.skills, {
      message: `At most ${PORTFOLIO_LIMITS.skills} skills`,
    })
    .refine((value) => splitSkills(value).every((skill) => skill.length <= 60), {
      message: 'Each skill can be at most 60 characters',
    }),
  industry: z
    .string()
    .trim()
    .max(PORTFOLIO_LIMITS.industry, { message: `At most ${PORTFOLIO_LIMITS.industry} characters` }),
  results: z
    .string()
    .max(PORTFOLIO_LIMITS.results, { message: `At most ${PORTFOLIO_LIMITS.results} characters` }),
  date: z.union([z.literal(''), z.iso.date({ message: 'Use a real date' })]),
  links: z
    .array(
      z.object({
        label: z.string().trim().max(120, { message: 'At most 120 characters' }),
        url: z
          .string()
          .trim()
          .pipe(
            z.url({ protocol: /^https?$/, message: 'Enter an address starting with https://' }),
          ),
      }),
    )
    .max(PORTFOLIO_LIMITS.links, { message: `At most ${PORTFOLIO_LIMITS.links} links` }),
  metrics: z
    .array(
      z.object({
        label: z.string().trim().min(1, { message: 'Say what the number measures' }).max(120),
        value: z
          .string()
          .trim()
          .refine((value) => value !== '' && Number.isFinite(Number(value)), {
            message: 'Enter a number',
          }),
        unit: z.string().trim().max(24, { message: 'At most 24 characters' }),
      }),
    )
    .max(PORTFOLIO_LIMITS.metrics, { message: `At most ${PORTFOLIO_LIMITS.metrics} numbers` }),
});
export type PortfolioFormValues = z.input<typeof portfolioFormSchema>;

export function splitSkills(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((skill) => skill.trim())
    .filter(Boolean);
}

export function toFormValues(item?: PortfolioItem | null): PortfolioFormValues {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    role: item?.role ?? '',
    skills: item?.skills.join(', ') ?? '',
    industry: item?.industry ?? '',
    results: item?.results ?? '',
    date: item?.date ?? '',
    links: item?.links.map((link) => ({ label: link.label ?? '', url: link.url })) ?? [],
    metrics:
      item?.resultMetrics.map((metric) => ({
        label: metric.label,
        value: String(metric.value),
        unit: metric.unit ?? '',
      })) ?? [],
  };
}

export function toBody(values: z.output<typeof portfolioFormSchema>): CreatePortfolioItemBody {
  return {
    title: values.title,
    description: values.description.trim(),
    role: values.role || null,
    skills: splitSkills(values.skills),
    industry: values.industry || null,
    results: values.results.trim(),
    date: values.date || null,
    links: values.links.map((link) => ({ label: link.label || null, url: link.url })),
    resultMetrics: values.metrics.map((metric) => ({
      label: metric.label,
      value: Number(metric.value),
      unit: metric.unit || null,
    })),
  };
}

/** API field paths (`resultMetrics.0.value`) mapped onto the form's names. */
function formPath(apiPath: string): FieldPath<PortfolioFormValues> | null {
  const path = apiPath.replace(/^resultMetrics/, 'metrics');
  const known = [
    'title',
    'description',
    'role',
    'skills',
    'industry',
    'results',
    'date',
    'links',
    'metrics',
  ];
  const root = path.split('.')[0] ?? '';
  return known.includes(root) ? (path as FieldPath<PortfolioFormValues>) : null;
}

export type SubmitOutcome =
  { ok: true } | { ok: false; message: string; fields?: Array<{ field: string; message: string }> };

export function PortfolioForm({
  item,
  onSubmit,
  onCancel,
}: {
  item?: PortfolioItem | null;
  onSubmit: (body: CreatePortfolioItemBody) => Promise<SubmitOutcome>;
  onCancel: () => void;
}) {
  const formId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PortfolioFormValues, unknown, z.output<typeof portfolioFormSchema>>({
    resolver: zodResolver(portfolioFormSchema),
    defaultValues: toFormValues(item),
    mode: 'onTouched',
  });
  const links = useFieldArray({ control, name: 'links' });
  const metrics = useFieldArray({ control, name: 'metrics' });

  const submit = handleSubmit(async (values) => {
    const outcome = await onSubmit(toBody(values));
    if (outcome.ok) return;
    let placed = false;
    for (const { field, message } of outcome.fields ?? []) {
      const path = formPath(field);
      if (path) {
        setError(path, { message });
        placed = true;
      }
    }
    if (!placed) setError('root', { message: outcome.message });
  });

  const id = (name: string) => `${formId}-${name}`;
  const fieldError = (name: string, message?: string) =>
    message ? (
      <p id={id(`${name}-error`)} className="mt-1 text-sm text-red-700 dark:text-red-400">
        {message}
      </p>
    ) : null;
  const described = (name: string, message?: string) =>
    message ? { 'aria-invalid': true as const, 'aria-describedby': id(`${name}-error`) } : {};
  const label = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={item ? `Edit ${item.title}` : 'New portfolio item'}
      className="space-y-4"
    >
      <Field id={id('title')} label="Title" labelClassName={label} error={errors.title?.message}>
        <input className={inputClass} {...register('title')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={id('role')}
          label="Your role"
          labelClassName={label}
          error={errors.role?.message}
        >
          <input className={inputClass} placeholder="Lead developer" {...register('role')} />
        </Field>
        <Field
          id={id('industry')}
          label="Industry"
          labelClassName={label}
          error={errors.industry?.message}
        >
          <input className={inputClass} placeholder="Fintech" {...register('industry')} />
        </Field>
        <Field id={id('date')} label="Date" labelClassName={label} error={errors.date?.message}>
          <input type="date" className={inputClass} {...register('date')} />
        </Field>
      </div>
      <Field
        id={id('skills')}
        label={
          <>
            Skills{' '}
            <span className="font-normal text-slate-600 dark:text-slate-400">
              (separated by commas)
            </span>
          </>
        }
        labelClassName={label}
        error={errors.skills?.message}
      >
        <input
          className={inputClass}
          placeholder="React, Node.js, Stripe"
          {...register('skills')}
        />
      </Field>
      <Field
        id={id('description')}
        label="Description"
        labelClassName={label}
        error={errors.description?.message}
      >
        <textarea rows={5} className={inputClass} {...register('description')} />
      </Field>
      <Field
        id={id('results')}
        label="Results"
        labelClassName={label}
        error={errors.results?.message}
      >
        <textarea
          rows={3}
          className={inputClass}
          placeholder="What changed for the client"
          {...register('results')}
        />
      </Field>

      <fieldset className="space-y-2">
        <legend className={label}>Results in numbers</legend>
        {metrics.fields.map((field, index) => {
          const error = errors.metrics?.[index];
          return (
            <div key={field.id} className="grid grid-cols-[1fr_6rem_5rem_auto] items-start gap-2">
              <div>
                <label htmlFor={id(`metrics.${index}.label`)} className="sr-only">
                  What number {index + 1} measures
                </label>
                <input
                  id={id(`metrics.${index}.label`)}
                  className={inputClass}
                  placeholder="Conversion rate"
                  {...register(`metrics.${index}.label`)}
                  {...described(`metrics.${index}.label`, error?.label?.message)}
                />
                {fieldError(`metrics.${index}.label`, error?.label?.message)}
              </div>
              <div>
                <label htmlFor={id(`metrics.${index}.value`)} className="sr-only">
                  Value of number {index + 1}
                </label>
                <input
                  id={id(`metrics.${index}.value`)}
                  inputMode="decimal"
                  className={inputClass}
                  placeholder="23"
                  {...register(`metrics.${index}.value`)}
                  {...described(`metrics.${index}.value`, error?.value?.message)}
                />
                {fieldError(`metrics.${index}.value`, error?.value?.message)}
              </div>
              <div>
                <label htmlFor={id(`metrics.${index}.unit`)} className="sr-only">
                  Unit of number {index + 1}
                </label>
                <input
                  id={id(`metrics.${index}.unit`)}
                  className={inputClass}
                  placeholder="%"
                  {...register(`metrics.${index}.unit`)}
                />
              </div>
              <button
                type="button"
                className={buttonClass.ghost}
                onClick={() => metrics.remove(index)}
                aria-label={`Remove number ${index + 1}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </div>
          );
        })}
        {metrics.fields.length < PORTFOLIO_LIMITS.metrics ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => metrics.append({ label: '', value: '', unit: '' })}
          >
            <Plus className="size-4" aria-hidden="true" /> Add a number
          </button>
        ) : null}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className={label}>Links</legend>
        {links.fields.map((field, index) => {
          const error = errors.links?.[index];
          return (
            <div key={field.id} className="grid grid-cols-[10rem_1fr_auto] items-start gap-2">
              <div>
                <label htmlFor={id(`links.${index}.label`)} className="sr-only">
                  Label of link {index + 1}
                </label>
                <input
                  id={id(`links.${index}.label`)}
                  className={inputClass}
                  placeholder="Live site"
                  {...register(`links.${index}.label`)}
                />
              </div>
              <div>
                <label htmlFor={id(`links.${index}.url`)} className="sr-only">
                  Address of link {index + 1}
                </label>
                <input
                  id={id(`links.${index}.url`)}
                  type="url"
                  className={inputClass}
                  placeholder="https://"
                  {...register(`links.${index}.url`)}
                  {...described(`links.${index}.url`, error?.url?.message)}
                />
                {fieldError(`links.${index}.url`, error?.url?.message)}
              </div>
              <button
                type="button"
                className={buttonClass.ghost}
                onClick={() => links.remove(index)}
                aria-label={`Remove link ${index + 1}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </div>
          );
        })}
        {links.fields.length < PORTFOLIO_LIMITS.links ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => links.append({ label: '', url: '' })}
          >
            <Plus className="size-4" aria-hidden="true" /> Add a link
          </button>
        ) : null}
      </fieldset>

      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : item ? 'Save changes' : 'Create item'}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={onCancel}
          disabled={isSubmitting}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
