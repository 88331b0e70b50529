import { Plus } from 'lucide-react';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-feedback';
import { PageHeader, buttonClass } from '@/components/ui/page';
import { UndoToast } from '@/components/ui/undo-toast';

import { STARTER_BODY, type TemplateDraft } from './template-draft';
import { TemplateEditor } from './template-editor';
import { TemplateList } from './template-list';
import { useListTemplatesQuery } from './templates.api';
import { useDeferredTemplateDelete } from './use-deferred-template-delete';

export default function ResponseTemplatesPage() {
  const list = useListTemplatesQuery({ kind: 'response' });
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const deletion = useDeferredTemplateDelete();
  // A template waiting out its Undo offer is already gone as far as the person can tell.
  const templates = (list.data?.items ?? []).filter((t) => t.id !== deletion.hiddenId);

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
        <TemplateList
          templates={templates}
          state={list}
          selectedId={draft?.id}
          hasDraft={draft !== null}
          onSelect={setDraft}
        />
        {draft ? (
          <TemplateEditor
            key={draft.id ?? 'new'}
            draft={draft}
            template={templates.find((t) => t.id === draft.id) ?? null}
            onDone={(next) => setDraft(next)}
            onDelete={(target) => {
              setDraft(null);
              deletion.schedule(target);
            }}
          />
        ) : templates.length > 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Choose a template to edit it, or create a new one.
          </p>
        ) : null}
      </div>
      <FormAlert>{deletion.error}</FormAlert>
      <UndoToast toast={deletion.toast} onUndo={deletion.undo} onClose={deletion.settle} />
    </>
  );
}
