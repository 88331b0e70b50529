import * as Popover from '@radix-ui/react-popover';
import { Download, History, Send, Share2 } from 'lucide-react';
import { useId } from 'react';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import type { Quote } from '@/contract/quotes-api';
import type { QuoteDocument } from '@/contract/quotes';

import { QUOTE_STATUS_COLORS, QUOTE_STATUS_LABELS } from './quotes-format';
import type { FieldErrors } from './use-quote-autosave';

/** Currencies offered first; any other 3-letter ISO code can be typed. */
const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR', 'JPY', 'CHF', 'KWD'];

/** The status of the quote, with when it reached each status in a popover. */
function StatusBadge({ quote }: { quote: Quote }) {
  return (
    <Popover.Root>
      <Popover.Trigger
        className={`rounded-full px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${QUOTE_STATUS_COLORS[quote.status]}`}
        aria-label={`Status: ${QUOTE_STATUS_LABELS[quote.status]}. Show history`}
      >
        {QUOTE_STATUS_LABELS[quote.status]}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          className="z-50 w-64 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="mb-2 font-medium">Status history</p>
          <ol className="space-y-1">
            {quote.statusHistory.map((event) => (
              <li key={`${event.status}-${event.at}`} className="flex justify-between gap-2">
                <span>{QUOTE_STATUS_LABELS[event.status]}</span>
                <time dateTime={event.at} className="text-slate-600 dark:text-slate-300">
                  {new Date(event.at).toLocaleString()}
                </time>
              </li>
            ))}
          </ol>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export type HeaderActions = {
  onExport: (format: 'pdf' | 'docx') => void;
  onShare: () => void;
  onVersions: () => void;
  onMarkSent: () => void;
  exporting: boolean;
  /** Why the quote cannot be marked as sent yet; null when it can. */
  sendBlocked: string | null;
};

/** Export, share, versions and Mark as sent. */
function HeaderButtons({ quote, actions }: { quote: Quote; actions: HeaderActions }) {
  const reasonId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={actions.exporting}
        onClick={() => actions.onExport('pdf')}
      >
        <Download className="size-4" aria-hidden="true" /> Export PDF
      </button>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={actions.exporting}
        onClick={() => actions.onExport('docx')}
      >
        <Download className="size-4" aria-hidden="true" /> Export DOCX
      </button>
      <button type="button" className={buttonClass.secondary} onClick={actions.onShare}>
        <Share2 className="size-4" aria-hidden="true" /> Share
      </button>
      <button type="button" className={buttonClass.secondary} onClick={actions.onVersions}>
        <History className="size-4" aria-hidden="true" /> Versions
      </button>
      {quote.status === 'draft' ? (
        <button
          type="button"
          className={buttonClass.primary}
          disabled={actions.sendBlocked !== null}
          aria-describedby={actions.sendBlocked ? reasonId : undefined}
          onClick={actions.onMarkSent}
        >
          <Send className="size-4" aria-hidden="true" /> Mark as sent
        </button>
      ) : null}
      {actions.sendBlocked && quote.status === 'draft' ? (
        <p id={reasonId} className="w-full text-xs text-amber-800 dark:text-amber-300">
          {actions.sendBlocked}
        </p>
      ) : null}
    </div>
  );
}

/** The quote's title, client, status, validity and currency, and the actions on the whole quote. */
export function QuoteEditorHeader({
  quote,
  doc,
  errors,
  readOnly,
  onChange,
  actions,
}: {
  quote: Quote;
  doc: QuoteDocument;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (patch: Partial<QuoteDocument>) => void;
  actions: HeaderActions;
}) {
  const id = useId();
  return (
    <header className="mb-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Edit Quote</h1>
          <StatusBadge quote={quote} />
        </div>
        <HeaderButtons quote={quote} actions={actions} />
      </div>
      <fieldset
        disabled={readOnly}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr]"
      >
        <legend className="sr-only">Quote details</legend>
        <Field id={`${id}-title`} label="Title" error={errors.title}>
          <input
            className={inputClass}
            value={doc.title}
            onChange={(e) => onChange({ title: e.target.value })}
          />
        </Field>
        <Field id={`${id}-client`} label="Client name" error={errors.clientName}>
          <input
            className={inputClass}
            value={doc.clientName}
            onChange={(e) => onChange({ clientName: e.target.value })}
          />
        </Field>
        <Field id={`${id}-valid`} label="Valid until" error={errors.validUntil}>
          <input
            type="date"
            className={inputClass}
            value={doc.validUntil}
            onChange={(e) => onChange({ validUntil: e.target.value })}
          />
        </Field>
        <Field
          id={`${id}-currency`}
          label="Currency"
          error={errors.currency}
          hint="Changing it relabels the amounts; it does not convert them."
        >
          <input
            className={inputClass}
            value={doc.currency}
            maxLength={3}
            list={`${id}-currencies`}
            autoCapitalize="characters"
            onChange={(e) => onChange({ currency: e.target.value.toUpperCase() })}
          />
        </Field>
        <datalist id={`${id}-currencies`}>
          {COMMON_CURRENCIES.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
      </fieldset>
    </header>
  );
}
