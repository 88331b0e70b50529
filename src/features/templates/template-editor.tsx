import { Link } from 'react-router-dom';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { Template } from '@/contract/templates';
import { FormAlert, FormStatus } from '@/components/ui/form-feedback';

import { DeleteTemplateButton } from './delete-template-button';
import { TemplateBodyField } from './template-body-field';
import type { TemplateDraft } from './template-draft';
import { TemplatePreview } from './template-preview';
import type { TemplateToDelete } from './use-deferred-template-delete';
import { useTemplateEditor } from './use-template-editor';

/** Edits one response template: name, text with variables, default flag, save, delete, preview. */
export function TemplateEditor({
  draft,
  template,
  onDone,
  onDelete,
}: {
  draft: TemplateDraft;
  template: Template | null;
  onDone: (next: TemplateDraft | null) => void;
  /** After the person confirmed: the page removes it, with an Undo offer. */
  onDelete: (target: TemplateToDelete) => void;
}) {
  const { fields, error, setError, message, busy, save } = useTemplateEditor(draft, onDone);

  return (
    <section
      aria-label="Template editor"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <Field id="template-name" label="Name">
        <input
          className={inputClass}
          value={fields.name}
          onChange={(e) => fields.setName(e.target.value)}
          maxLength={120}
        />
      </Field>
      <TemplateBodyField body={fields.body} onChange={fields.setBody} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={fields.isDefault}
          onChange={(e) => fields.setIsDefault(e.target.checked)}
        />{' '}
        Default response template
      </label>
      {template ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Used {template.usageCount} time(s).
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => void save()}
          disabled={busy}
        >
          {busy ? 'Saving…' : 'Save template'}
        </button>
        {draft.id ? (
          <Link
            className={buttonClass.secondary}
            to={`${paths.generateResponse}?templateId=${draft.id}`}
          >
            Use in a response
          </Link>
        ) : null}
        {draft.id ? (
          <DeleteTemplateButton
            name={template?.name ?? draft.name}
            onConfirm={() => onDelete({ id: draft.id!, name: template?.name ?? draft.name })}
          />
        ) : null}
      </div>
      <FormAlert>{error}</FormAlert>
      <FormStatus>{message}</FormStatus>
      <TemplatePreview body={fields.body} onError={setError} />
    </section>
  );
}
