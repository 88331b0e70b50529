import { Plus } from 'lucide-react';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-feedback';
import { PageHeader, buttonClass } from '@/components/ui/page';
import type { QuoteTemplate } from '@/contract/quote-templates';
import { apiErrorMessage } from '@/lib/api-error-message';

import { QuoteTemplateEditor } from './quote-template-editor';
import { QuoteTemplateList } from './quote-template-list';
import {
  useListQuoteTemplatesQuery,
  useMakeDefaultQuoteTemplateMutation,
} from './quote-templates.api';

/** What the editor shows: nothing, a new template, or a saved one (by id). */
type Open = { kind: 'none' } | { kind: 'new' } | { kind: 'saved'; id: string };

export default function QuoteTemplatesPage() {
  const list = useListQuoteTemplatesQuery();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [error, setError] = useState<string | null>(null);
  const [makeDefault] = useMakeDefaultQuoteTemplateMutation();
  const templates = list.data?.items ?? [];
  const selected = open.kind === 'saved' ? (templates.find((t) => t.id === open.id) ?? null) : null;

  const setDefault = async (template: QuoteTemplate) => {
    setError(null);
    const result = await makeDefault(template.id);
    if ('error' in result) {
      setError(apiErrorMessage(result.error, `Could not make “${template.name}” the default.`));
    }
  };

  return (
    <>
      <PageHeader
        title="Quote Templates"
        description="Reusable sections, terms and usual lines for your quotes. Variables such as {{client_name}} are filled in from the RFP and your profile."
        actions={
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => setOpen({ kind: 'new' })}
          >
            <Plus className="size-4" aria-hidden="true" /> New quote template
          </button>
        }
      />
      <FormAlert>{error}</FormAlert>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <QuoteTemplateList
          templates={templates}
          state={list}
          selectedId={open.kind === 'saved' ? open.id : null}
          hasDraft={open.kind === 'new'}
          onSelect={(template) => setOpen({ kind: 'saved', id: template.id })}
          onMakeDefault={(template) => void setDefault(template)}
        />
        {open.kind === 'new' ? (
          <QuoteTemplateEditor
            key="new"
            template={null}
            defaultForNew={templates.length === 0}
            onSaved={(template) => setOpen({ kind: 'saved', id: template.id })}
            onDeleted={() => setOpen({ kind: 'none' })}
          />
        ) : selected ? (
          <QuoteTemplateEditor
            key={selected.id}
            template={selected}
            defaultForNew={false}
            onSaved={(template) => setOpen({ kind: 'saved', id: template.id })}
            onDeleted={() => setOpen({ kind: 'none' })}
          />
        ) : templates.length > 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Choose a template to edit it, or create a new one.
          </p>
        ) : null}
      </div>
    </>
  );
}
