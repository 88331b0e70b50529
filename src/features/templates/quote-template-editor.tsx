import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { FormAlert, FormStatus } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import type { QuoteTemplate } from '@/contract/quote-templates';
import { apiErrorMessage } from '@/lib/api-error-message';

import {
  quoteTemplateFormSchema,
  toContent,
  toFormValues,
  type QuoteTemplateFormOutput,
  type QuoteTemplateFormValues,
} from './quote-template-form-values';
import { QuoteTemplateLines } from './quote-template-lines';
import { QuoteTemplateSections } from './quote-template-sections';
import {
  useCreateQuoteTemplateMutation,
  useDeleteQuoteTemplateMutation,
  useUpdateQuoteTemplateMutation,
} from './quote-templates.api';

type Props = {
  /** Null for a template not saved yet. */
  template: QuoteTemplate | null;
  /** Whether a new template starts as the default (the first one does). */
  defaultForNew: boolean;
  onSaved: (template: QuoteTemplate) => void;
  onDeleted: () => void;
};

/** Asks before deleting, in the app's own dialog, then deletes on the server. */
function DeleteQuoteTemplate({
  template,
  onDeleted,
}: {
  template: QuoteTemplate;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remove, state] = useDeleteQuoteTemplateMutation();
  const confirm = async () => {
    const result = await remove(template.id);
    setOpen(false);
    if ('error' in result)
      setError(
        apiErrorMessage(
          result.error,
          `Could not delete “${template.name}”. It is still in your list.`,
        ),
      );
    else onDeleted();
  };
  return (
    <>
      <button type="button" className={buttonClass.secondary} onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete the quote template “${template.name}”?`}
        description="Quotes made from it keep their text. This cannot be undone."
        confirmLabel="Delete template"
        destructive
        busy={state.isLoading}
        onConfirm={() => void confirm()}
      />
      <FormAlert>{error}</FormAlert>
    </>
  );
}

/** Edits one quote template: name, sections, assumptions, default lines, validity, tax, default. */
export function QuoteTemplateEditor({ template, defaultForNew, onSaved, onDeleted }: Props) {
  const formId = useId();
  const id = (name: string) => `${formId}-${name}`;
  const [saved, setSaved] = useState<string | null>(null);
  const [create] = useCreateQuoteTemplateMutation();
  const [update] = useUpdateQuoteTemplateMutation();
  const form = useForm<QuoteTemplateFormValues, unknown, QuoteTemplateFormOutput>({
    resolver: zodResolver(quoteTemplateFormSchema),
    defaultValues: toFormValues(template, defaultForNew),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, dirtyFields } = form.formState;

  // Made the default from the list while open: the box follows, unless the person changed it.
  const savedDefault = template?.isDefault;
  useEffect(() => {
    if (savedDefault === undefined || form.getFieldState('isDefault').isDirty) return;
    form.resetField('isDefault', { defaultValue: savedDefault });
  }, [savedDefault, form]);

  const submit = form.handleSubmit(async (values) => {
    setSaved(null);
    const body = { name: values.name, content: toContent(values), isDefault: values.isDefault };
    // An untouched box leaves the default as the server has it (it may have changed meanwhile).
    const result = template
      ? await update({
          id: template.id,
          body: dirtyFields.isDefault ? body : { name: body.name, content: body.content },
        })
      : await create(body);
    if ('error' in result) {
      form.setError('root', {
        message: apiErrorMessage(
          result.error,
          'Could not save the template. Your changes are kept; try again.',
        ),
      });
      return;
    }
    setSaved('Saved.');
    form.reset(toFormValues(result.data));
    onSaved(result.data);
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={template ? `Edit ${template.name}` : 'New quote template'}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <Field id={id('name')} label="Name" error={errors.name?.message}>
        <input className={inputClass} maxLength={120} {...form.register('name')} />
      </Field>
      <QuoteTemplateSections form={form} id={id} />
      <Field
        id={id('assumptions')}
        label="Assumptions"
        hint="One per line."
        error={errors.assumptions?.message}
      >
        <textarea className={`${inputClass} min-h-24`} {...form.register('assumptions')} />
      </Field>
      <QuoteTemplateLines form={form} id={id} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={id('validityDays')}
          label="Valid for (days)"
          error={errors.validityDays?.message}
        >
          <input className={inputClass} inputMode="numeric" {...form.register('validityDays')} />
        </Field>
        <Field id={id('taxPercent')} label="Tax (%)" error={errors.taxPercent?.message}>
          <input className={inputClass} inputMode="decimal" {...form.register('taxPercent')} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('isDefault')} /> Default quote template (new quotes
        start from it)
      </label>
      {template ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Used {template.usageCount} time{template.usageCount === 1 ? '' : 's'}.
        </p>
      ) : null}
      <FormAlert>{errors.root?.message}</FormAlert>
      <FormStatus>{saved}</FormStatus>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save template'}
        </button>
        {template ? <DeleteQuoteTemplate template={template} onDeleted={onDeleted} /> : null}
      </div>
    </form>
  );
}
