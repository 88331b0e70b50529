import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { buttonClass } from '@/components/ui/page';
import type { CreatePortfolioItemBody, PortfolioItem } from '@/contract/portfolio';

import { PortfolioDetailsFields } from './portfolio-details-fields';
import {
  formPath,
  portfolioFormSchema,
  toBody,
  toFormValues,
  type PortfolioFormValues,
  type SubmitOutcome,
} from './portfolio-form-values';
import { PortfolioLinksFieldset } from './portfolio-links-fieldset';
import { PortfolioMetricsFieldset } from './portfolio-metrics-fieldset';

const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

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
  const form = useForm<PortfolioFormValues, unknown, z.output<typeof portfolioFormSchema>>({
    resolver: zodResolver(portfolioFormSchema),
    defaultValues: toFormValues(item),
    // Checked when submitted, then again as the person types. Never on blur: an error appearing
    // while the pointer is on its way to "Create item" would move the button away from the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  // Field errors from the API go next to their fields; anything else goes above the buttons.
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

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={item ? `Edit ${item.title}` : 'New portfolio item'}
      className="space-y-4"
    >
      <PortfolioDetailsFields form={form} id={id} labelClassName={labelClass} />
      <PortfolioMetricsFieldset form={form} id={id} legendClassName={labelClass} />
      <PortfolioLinksFieldset form={form} id={id} legendClassName={labelClass} />

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
