import type { QuoteDocument } from '@/contract/quotes';

import { removeDeliverable } from './quote-editor-edits';
import { DeliverablesList, RisksList, TracedList } from './quote-editor-lists';
import { MarkdownSection } from './quote-editor-markdown';
import type { FieldErrors } from './use-quote-autosave';

const cardClass =
  'space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

type Props = {
  doc: QuoteDocument;
  errors: FieldErrors;
  readOnly: boolean;
  update: (change: (doc: QuoteDocument) => QuoteDocument) => void;
};

/** The written parts of the quote: markdown sections and the scope, deliverable and risk lists. */
export function QuoteEditorSections({ doc, errors, readOnly, update }: Props) {
  const set = (patch: Partial<QuoteDocument>) => update((current) => ({ ...current, ...patch }));
  const markdown = (key: 'summary' | 'understanding' | 'timeline' | 'terms', label: string) => (
    <MarkdownSection
      label={label}
      value={doc[key]}
      error={errors[key]}
      readOnly={readOnly}
      onChange={(value) => set({ [key]: value })}
    />
  );
  return (
    <>
      <section aria-labelledby="quote-sections-heading" className={cardClass}>
        <h2 id="quote-sections-heading" className="text-base font-semibold">
          Sections
        </h2>
        {markdown('summary', 'Summary')}
        {markdown('understanding', 'Understanding')}
        {markdown('timeline', 'Timeline')}
        {markdown('terms', 'Terms')}
      </section>
      <section aria-labelledby="quote-scope-heading" className={cardClass}>
        <h2 id="quote-scope-heading" className="text-base font-semibold">
          Scope
        </h2>
        <fieldset disabled={readOnly} className="space-y-4">
          <legend className="sr-only">Scope, deliverables, assumptions and risks</legend>
          <TracedList
            title="In scope"
            itemName="In scope item"
            path="scope.in"
            items={doc.scope.in}
            errors={errors}
            onChange={(items) => update((d) => ({ ...d, scope: { ...d.scope, in: items } }))}
          />
          <TracedList
            title="Out of scope"
            itemName="Out of scope item"
            path="scope.out"
            items={doc.scope.out}
            errors={errors}
            onChange={(items) => update((d) => ({ ...d, scope: { ...d.scope, out: items } }))}
          />
          <DeliverablesList
            items={doc.deliverables}
            errors={errors}
            onChange={(deliverables) => set({ deliverables })}
            onRemove={(index) => update((d) => removeDeliverable(d, index))}
          />
          <TracedList
            title="Assumptions"
            itemName="Assumption"
            path="assumptions"
            items={doc.assumptions}
            errors={errors}
            onChange={(assumptions) => set({ assumptions })}
          />
          <RisksList items={doc.risks} errors={errors} onChange={(risks) => set({ risks })} />
        </fieldset>
      </section>
    </>
  );
}
