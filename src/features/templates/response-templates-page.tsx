import { LayoutTemplate, Plus, Star, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { Field } from '@/components/ui/field';
import { EmptyState, PageHeader, buttonClass, inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import {
  TEMPLATE_VARIABLES,
  unknownTemplateVariables,
  type Template,
  type TemplatePreview,
} from '@/contract/templates';

import {
  useCreateTemplateMutation,
  useDeleteTemplateMutation,
  useListTemplatesQuery,
  usePreviewJobsQuery,
  usePreviewTemplateMutation,
  useUpdateTemplateMutation,
} from './templates.api';

const STARTER_BODY = `Hi {{client_name}},

I read your post about {{job_title}}. I work with {{skills}} every day.

Relevant work:
{{portfolio}}

{{answers}}

{{question}}

{{signature}}`;

type Draft = { id: string | null; name: string; body: string; isDefault: boolean };

export default function ResponseTemplatesPage() {
  const list = useListTemplatesQuery({ kind: 'response' });
  const [draft, setDraft] = useState<Draft | null>(null);
  const templates = list.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Response Templates"
        description="Reusable openings, structures and signatures for your responses. Variables such as {{client_name}} are filled from the job, your profile and your portfolio."
        actions={
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() =>
              setDraft({
                id: null,
                name: '',
                body: STARTER_BODY,
                isDefault: templates.length === 0,
              })
            }
          >
            <Plus className="size-4" aria-hidden="true" /> New template
          </button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <section aria-label="Templates">
          {list.isLoading ? <p role="status">Loading templates…</p> : null}
          {list.isError ? (
            <p role="alert">
              Could not load templates.{' '}
              <button type="button" className="underline" onClick={() => void list.refetch()}>
                Retry
              </button>
            </p>
          ) : null}
          {list.isSuccess && templates.length === 0 && !draft ? (
            <EmptyState
              icon={<LayoutTemplate className="size-8" />}
              title="No response templates yet"
              description="Create a template with variables such as {{client_name}} to start responses faster."
            />
          ) : null}
          <ul className="space-y-2">
            {templates.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  aria-current={draft?.id === t.id ? 'true' : undefined}
                  className={`w-full rounded-lg border p-3 text-left text-sm ${draft?.id === t.id ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}
                  onClick={() =>
                    setDraft({ id: t.id, name: t.name, body: t.body, isDefault: t.isDefault })
                  }
                >
                  <span className="flex items-center gap-1 font-medium">
                    {t.isDefault ? (
                      <Star className="size-4 text-amber-500" aria-label="Default" />
                    ) : null}
                    {t.name}
                  </span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    Used {t.usageCount} time{t.usageCount === 1 ? '' : 's'}
                    {t.unknownVariables.length
                      ? ` · ${t.unknownVariables.length} unknown variable(s)`
                      : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        {draft ? (
          <TemplateEditor
            key={draft.id ?? 'new'}
            draft={draft}
            template={templates.find((t) => t.id === draft.id) ?? null}
            onDone={(next) => setDraft(next)}
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Choose a template to edit it, or create a new one.
          </p>
        )}
      </div>
    </>
  );
}

function TemplateEditor({
  draft,
  template,
  onDone,
}: {
  draft: Draft;
  template: Template | null;
  onDone: (next: Draft | null) => void;
}) {
  const [name, setName] = useState(draft.name);
  const [body, setBody] = useState(draft.body);
  const [isDefault, setIsDefault] = useState(draft.isDefault);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [jobId, setJobId] = useState('');
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const [create, createState] = useCreateTemplateMutation();
  const [update, updateState] = useUpdateTemplateMutation();
  const [remove] = useDeleteTemplateMutation();
  const [runPreview, previewState] = usePreviewTemplateMutation();
  const jobs = usePreviewJobsQuery();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const unknown = unknownTemplateVariables(body);
  const busy = createState.isLoading || updateState.isLoading;

  const insert = (variable: string) => {
    const el = bodyRef.current;
    const token = `{{${variable}}}`;
    if (!el) {
      setBody((b) => b + token);
      return;
    }
    const start = el.selectionStart;
    const end = el.selectionEnd;
    setBody((b) => b.slice(0, start) + token + b.slice(end));
  };

  const save = async () => {
    setError(null);
    if (!name.trim()) {
      setError('Give the template a name.');
      return;
    }
    if (!body.trim()) {
      setError('The template needs some text.');
      return;
    }
    const result = draft.id
      ? await update({ id: draft.id, body: { name: name.trim(), body, isDefault } })
      : await create({ kind: 'response', name: name.trim(), body, isDefault });
    if ('error' in result) {
      setError('Could not save the template. Your text is kept; try again.');
      return;
    }
    setMessage('Saved.');
    onDone({
      id: result.data.id,
      name: result.data.name,
      body: result.data.body,
      isDefault: result.data.isDefault,
    });
  };

  const del = async () => {
    if (
      !draft.id ||
      !window.confirm(`Delete the template “${name}”? Responses that used it keep their text.`)
    )
      return;
    const result = await remove(draft.id);
    if ('error' in result) setError('Could not delete the template.');
    else onDone(null);
  };

  const showPreview = async () => {
    setError(null);
    const result = await runPreview({ body, ...(jobId ? { jobId } : {}) });
    if ('error' in result) setError('Could not build the preview.');
    else setPreview(result.data);
  };

  return (
    <section
      aria-label="Template editor"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <Field id="template-name" label="Name">
        <input
          className={inputClass}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={120}
        />
      </Field>
      <div>
        <label htmlFor="template-body" className="block text-sm font-medium">
          Text
        </label>
        <textarea
          id="template-body"
          ref={bodyRef}
          className={`${inputClass} min-h-72 font-mono`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby="template-variables-help"
          aria-invalid={unknown.length > 0}
        />
        <p
          id="template-variables-help"
          aria-live="polite"
          className={`mt-1 text-xs ${unknown.length ? 'text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300'}`}
        >
          {unknown.length
            ? `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((v) => `{{${v}}}`).join(', ')} — these stay as written.`
            : 'All variables are known.'}
        </p>
      </div>
      <div>
        <p className="text-sm font-medium">Insert a variable</p>
        <ul className="mt-1 flex flex-wrap gap-1">
          {TEMPLATE_VARIABLES.map((v) => (
            <li key={v.name}>
              <button
                type="button"
                title={v.description}
                className="rounded border border-slate-300 px-2 py-0.5 font-mono text-xs dark:border-slate-600"
                onClick={() => insert(v.name)}
              >
                {`{{${v.name}}}`}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={isDefault}
          onChange={(e) => setIsDefault(e.target.checked)}
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
          <button type="button" className={buttonClass.secondary} onClick={() => void del()}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
      <div className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        <div className="flex flex-wrap items-end gap-2">
          <Select
            id="preview-job"
            label="Preview against"
            options={[
              { value: '', label: 'A sample job' },
              ...(jobs.data?.items ?? []).map((job) => ({ value: job.id, label: job.title })),
            ]}
            value={jobId}
            onChange={(e) => {
              setJobId(e.target.value);
              setPreview(null);
            }}
          />
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void showPreview()}
            disabled={previewState.isLoading}
          >
            Preview
          </button>
        </div>
        {preview ? (
          <div
            aria-label="Preview"
            className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800"
          >
            {preview.text}
          </div>
        ) : null}
      </div>
    </section>
  );
}
