import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';

import type { PortfolioFormValues, portfolioFormSchema } from './portfolio-form-values';

type Props = {
  form: UseFormReturn<PortfolioFormValues, unknown, z.output<typeof portfolioFormSchema>>;
  id: (name: string) => string;
  labelClassName: string;
};

/** The portfolio form's single fields: title, role, industry, date, skills, description, results. */
export function PortfolioDetailsFields({ form, id, labelClassName: label }: Props) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
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
    </>
  );
}
