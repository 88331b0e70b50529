import { FileText, Star } from 'lucide-react';

import { EmptyState, buttonClass } from '@/components/ui/page';
import type { QuoteTemplate } from '@/contract/quote-templates';

type Props = {
  templates: QuoteTemplate[];
  state: { isLoading: boolean; isError: boolean; isSuccess: boolean; refetch: () => unknown };
  selectedId: string | null;
  hasDraft: boolean;
  onSelect: (template: QuoteTemplate) => void;
  onMakeDefault: (template: QuoteTemplate) => void;
};

/** The quote templates, the default first, each with its use count and a way to open it. */
export function QuoteTemplateList({
  templates,
  state,
  selectedId,
  hasDraft,
  onSelect,
  onMakeDefault,
}: Props) {
  return (
    <section aria-label="Quote templates">
      {state.isLoading ? <p role="status">Loading quote templates…</p> : null}
      {state.isError ? (
        <p role="alert">
          Could not load your quote templates.{' '}
          <button type="button" className="underline" onClick={() => void state.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {state.isSuccess && templates.length === 0 && !hasDraft ? (
        <EmptyState
          icon={<FileText className="size-8" />}
          title="No quote templates yet"
          description="A template gives every new quote your sections, terms and usual lines."
        />
      ) : null}
      <ul className="space-y-2">
        {templates.map((t) => (
          <li
            key={t.id}
            className={`rounded-lg border p-3 text-sm ${selectedId === t.id ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}
          >
            <button
              type="button"
              aria-current={selectedId === t.id ? 'true' : undefined}
              className="w-full text-left"
              onClick={() => onSelect(t)}
            >
              <span className="flex items-center gap-1 font-medium break-words">
                {t.name}
                {t.isDefault ? (
                  <span className="ml-1 inline-flex items-center gap-0.5 rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                    <Star className="size-3" aria-hidden="true" /> Default
                  </span>
                ) : null}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                Used {t.usageCount} time{t.usageCount === 1 ? '' : 's'} ·{' '}
                {t.content.lineItems.length} default line
                {t.content.lineItems.length === 1 ? '' : 's'}
                {t.unknownVariables.length
                  ? ` · ${t.unknownVariables.length} unknown variable(s)`
                  : ''}
              </span>
            </button>
            {t.isDefault ? null : (
              <button
                type="button"
                className={`${buttonClass.ghost} mt-1 -ml-2 text-xs`}
                onClick={() => onMakeDefault(t)}
                aria-label={`Make “${t.name}” the default`}
              >
                Make default
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
