import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { buttonClass } from '@/components/ui/page';
import { formatQuoteMoney } from '@/contract/quote-totals';
import type { Quote, QuoteVersion } from '@/contract/quotes-api';
import { apiErrorMessage } from '@/lib/api-error-message';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useQuoteVersionsQuery, useRestoreQuoteVersionMutation } from './quote-editor.api';

const SOURCE_LABELS: Record<QuoteVersion['source'], string> = {
  generated: 'Generated',
  edited: 'Edited',
  restored: 'Restored',
};

function VersionList({
  quote,
  onRestore,
}: {
  quote: Quote;
  onRestore: (version: QuoteVersion) => void;
}) {
  const versions = useQuoteVersionsQuery(quote.id);
  if (versions.isLoading) return <p role="status">Loading the versions…</p>;
  if (versions.isError || !versions.data) {
    return <p role="alert">Could not load the versions. Close and try again.</p>;
  }
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-700">
      {versions.data.items.map((version) => (
        <li
          key={version.number}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
        >
          <span className="font-medium">Version {version.number}</span>
          <span>{SOURCE_LABELS[version.source]}</span>
          <time dateTime={version.savedAt} className="text-slate-600 dark:text-slate-300">
            {new Date(version.savedAt).toLocaleString()}
          </time>
          <span className="tabular-nums">
            {formatQuoteMoney(version.totalMinor, version.currency)}
          </span>
          {quote.locked ? null : (
            <button
              type="button"
              className={`${buttonClass.secondary} ml-auto px-2 py-1 text-xs`}
              aria-label={`Restore version ${version.number}`}
              onClick={() => onRestore(version)}
            >
              Restore
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The saved versions of the quote; restoring one saves it as the newest version. */
export function QuoteVersionsDialog({
  quote,
  open,
  onOpenChange,
  onRestored,
}: {
  quote: Quote;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the quote as restored, so the editor starts again from it. */
  onRestored: (quote: Quote) => void;
}) {
  const [pending, setPending] = useState<QuoteVersion | null>(null);
  const [restore, state] = useRestoreQuoteVersionMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!pending) return;
    const result = await restore({ id: quote.id, number: pending.number });
    setPending(null);
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'Could not restore that version. Try again.'));
      return;
    }
    setError(null);
    onOpenChange(false);
    onRestored(result.data);
  };
  return (
    <>
      <ModalDialog open={open} onOpenChange={onOpenChange} title="Versions">
        {open ? <VersionList quote={quote} onRestore={setPending} /> : null}
        {error ? (
          <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
            {error}
          </p>
        ) : null}
      </ModalDialog>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => {
          if (!next) setPending(null);
        }}
        title={`Restore version ${pending?.number ?? ''}?`}
        description="The quote goes back to that version; what you have now stays in the list as a version."
        confirmLabel="Restore"
        busy={state.isLoading}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
