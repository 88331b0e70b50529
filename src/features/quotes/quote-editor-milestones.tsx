import { Copy, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import { formatQuoteMoney, milestoneAmounts, quoteTotals } from '@/contract/quote-totals';
import type { QuoteDocument, QuoteMilestone } from '@/contract/quotes';

import { PricingNumberInput } from './pricing-input';
import { blankMilestone, removeAt, replaceAt } from './quote-editor-edits';
import { upworkMilestoneLines } from './quote-editor-text';
import type { FieldErrors } from './use-quote-autosave';

const smallLabel = 'block text-xs font-medium text-slate-700 dark:text-slate-300';
const MAX_DAYS = 3_650;

const parseDays = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 4) return null;
  for (const char of trimmed) if (char < '0' || char > '9') return null;
  const days = Number(trimmed);
  return days <= MAX_DAYS ? days : null;
};

type Props = {
  doc: QuoteDocument;
  errors: FieldErrors;
  readOnly: boolean;
  update: (change: (doc: QuoteDocument) => QuoteDocument) => void;
  onInvalid: (key: string, message: string | null) => void;
};

function MilestoneEditor({
  milestone,
  index,
  amount,
  props,
}: {
  milestone: QuoteMilestone;
  index: number;
  amount: string;
  props: Props;
}) {
  const { doc, errors, update, onInvalid } = props;
  const id = useId();
  const set = (patch: Partial<QuoteMilestone>) =>
    update((d) => ({
      ...d,
      milestones: replaceAt(d.milestones, index, { ...milestone, ...patch }),
    }));
  const toggleLine = (lineId: string, on: boolean) =>
    set({
      lineItemIds: on
        ? [...milestone.lineItemIds, lineId]
        : milestone.lineItemIds.filter((x) => x !== lineId),
    });
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          Milestone {index + 1}: <span className="tabular-nums">{amount}</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
          <Field
            id={`${id}-name`}
            label="Name"
            labelClassName={smallLabel}
            error={errors[`milestones.${index}.name`]}
          >
            <input
              className={inputClass}
              value={milestone.name}
              onChange={(e) => set({ name: e.target.value })}
            />
          </Field>
          <PricingNumberInput
            id={`${id}-days`}
            label="Duration (days)"
            value={milestone.durationDays}
            format={String}
            parse={parseDays}
            invalidMessage={`Enter whole days from 0 to ${MAX_DAYS}.`}
            onValue={(durationDays) => set({ durationDays })}
            onInvalid={(message) => onInvalid(`days:${milestone.id}`, message)}
          />
          <Field id={`${id}-due`} label="Due date" labelClassName={smallLabel}>
            <input
              type="date"
              className={inputClass}
              value={milestone.dueDate ?? ''}
              onChange={(e) => {
                const { dueDate: _dropped, ...rest } = milestone;
                const next = e.target.value ? { ...rest, dueDate: e.target.value } : rest;
                update((d) => ({ ...d, milestones: replaceAt(d.milestones, index, next) }));
              }}
            />
          </Field>
          <button
            type="button"
            className={`${buttonClass.ghost} text-rose-700 dark:text-rose-300`}
            aria-label={`Remove milestone ${index + 1}`}
            onClick={() => update((d) => ({ ...d, milestones: removeAt(d.milestones, index) }))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        {doc.lineItems.length > 0 ? (
          <fieldset>
            <legend className={smallLabel}>Covers these lines</legend>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {doc.lineItems.map((line) => (
                <li key={line.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={milestone.lineItemIds.includes(line.id)}
                      onChange={(e) => toggleLine(line.id, e.target.checked)}
                    />
                    {line.label}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
      </fieldset>
    </li>
  );
}

/** The Upwork lines in a small panel, with a button that copies them all. */
function UpworkPanel({ doc }: { doc: QuoteDocument }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const lines = upworkMilestoneLines(doc);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-950">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">For Upwork’s milestone dialog</h3>
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" /> Copy for Upwork
        </button>
      </div>
      <pre
        aria-label="Milestones for Upwork"
        className="overflow-x-auto text-xs whitespace-pre-wrap text-slate-800 dark:text-slate-200"
      >
        {lines.join('\n')}
      </pre>
      <p role="status" aria-live="polite" className="text-xs">
        {copied === 'yes'
          ? 'Copied'
          : copied === 'failed'
            ? 'Could not copy: select the text above.'
            : ''}
      </p>
    </div>
  );
}

/** Milestones: what each covers and when it is due, with its share of the total. */
export function QuoteEditorMilestones(props: Props) {
  const { doc, readOnly, update } = props;
  const totals = quoteTotals(doc);
  const amounts = milestoneAmounts(doc, totals);
  const money = (minor: number) => formatQuoteMoney(minor, doc.currency);
  return (
    <section
      aria-labelledby="quote-milestones-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="quote-milestones-heading" className="text-base font-semibold">
        Milestones
      </h2>
      <fieldset disabled={readOnly} className="space-y-3">
        <legend className="sr-only">Milestones</legend>
        <ol className="space-y-2">
          {doc.milestones.map((milestone, index) => (
            <MilestoneEditor
              key={milestone.id}
              milestone={milestone}
              index={index}
              amount={money(amounts[index]?.amountMinor ?? 0)}
              props={props}
            />
          ))}
        </ol>
        {readOnly ? null : (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() =>
              update((d) => ({ ...d, milestones: [...d.milestones, blankMilestone()] }))
            }
          >
            <Plus className="size-4" aria-hidden="true" /> Add milestone
          </button>
        )}
      </fieldset>
      {doc.milestones.length > 0 ? (
        <>
          <p className="text-sm">Milestones add up to {money(totals.totalMinor)}.</p>
          <UpworkPanel doc={doc} />
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">No milestones yet.</p>
      )}
    </section>
  );
}
