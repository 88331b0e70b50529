import { LayoutTemplate, Star } from 'lucide-react';

import { EmptyState } from '@/components/ui/page';
import type { Template } from '@/contract/templates';

import type { TemplateDraft } from './template-draft';

type Props = {
  templates: Template[];
  state: { isLoading: boolean; isError: boolean; isSuccess: boolean; refetch: () => unknown };
  selectedId: string | null | undefined;
  hasDraft: boolean;
  onSelect: (draft: TemplateDraft) => void;
};

/** The response templates, each with its use count; picking one opens it in the editor. */
export function TemplateList({ templates, state, selectedId, hasDraft, onSelect }: Props) {
  return (
    <section aria-label="Templates">
      {state.isLoading ? <p role="status">Loading templates…</p> : null}
      {state.isError ? (
        <p role="alert">
          Could not load templates.{' '}
          <button type="button" className="underline" onClick={() => void state.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {state.isSuccess && templates.length === 0 && !hasDraft ? (
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
              aria-current={selectedId === t.id ? 'true' : undefined}
              className={`w-full rounded-lg border p-3 text-left text-sm ${selectedId === t.id ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}
              onClick={() =>
                onSelect({ id: t.id, name: t.name, body: t.body, isDefault: t.isDefault })
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
  );
}
