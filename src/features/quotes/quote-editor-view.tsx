import { useMemo, useState } from 'react';

import { ConfirmDiscardDialog } from '@/components/ui/confirm-discard-dialog';
import type { Quote } from '@/contract/quotes-api';
import { useLeaveGuard } from '@/lib/use-leave-guard';

import { PricingTable } from './pricing-table';
import { PricingTotals } from './pricing-totals';
import { QuoteDecision } from './quote-editor-acceptance';
import { MarkersCallout, RequirementsCallout } from './quote-editor-coverage';
import { useQuoteEditorActions } from './quote-editor-actions';
import { QuoteEditorHeader } from './quote-editor-header';
import { QuoteEditorMilestones } from './quote-editor-milestones';
import { QuoteSaveStatus } from './quote-editor-save-state';
import { QuoteEditorSections } from './quote-editor-sections';
import { leftoverMarkers, uncoveredRequirements, type LeftoverMarker } from './quote-editor-text';
import { QuoteShareDialog } from './quote-share-dialog';
import { QuoteVersionsDialog } from './quote-versions-dialog';
import { useQuoteAutosave, type FieldErrors } from './use-quote-autosave';
import { useQuoteDocument } from './use-quote-document';

function sendBlockedReason(markerCount: number): string | null {
  if (markerCount === 0) return null;
  return markerCount === 1
    ? 'Write the one [Add: …] part listed below before marking the quote as sent.'
    : `Write the ${markerCount} [Add: …] parts listed below before marking the quote as sent.`;
}

/** Everything below the header: the client's decision, the callouts and the editable parts. */
function QuoteEditorBody({
  quote,
  editing,
  errors,
  readOnly,
  markers,
}: {
  quote: Quote;
  editing: ReturnType<typeof useQuoteDocument>;
  errors: FieldErrors;
  readOnly: boolean;
  markers: LeftoverMarker[];
}) {
  const { doc, update, markInvalid } = editing;
  const uncovered = useMemo(
    () => uncoveredRequirements(doc, quote.requirements, quote.missingRequirementIds),
    [doc, quote.requirements, quote.missingRequirementIds],
  );
  const parts = { doc, errors, readOnly, update };
  return (
    <div className="space-y-4">
      <QuoteDecision quote={quote} />
      <MarkersCallout markers={markers} />
      <RequirementsCallout
        requirements={uncovered}
        readOnly={readOnly}
        onAddAssumption={editing.addAssumption}
      />
      <QuoteEditorSections {...parts} />
      <PricingTable {...parts} onInvalid={markInvalid} />
      <PricingTotals {...parts} onInvalid={markInvalid} />
      <QuoteEditorMilestones {...parts} onInvalid={markInvalid} />
    </div>
  );
}

/**
 * The editor of one quote. `quote` is the latest the server said (status, share, coverage);
 * `start` is the quote this editing session began from (its document and version).
 */
export function QuoteEditorView({
  quote,
  start,
  onRestart,
  onReload,
}: {
  quote: Quote;
  start: Quote;
  onRestart: (quote: Quote) => void;
  onReload: () => void;
}) {
  const readOnly = quote.locked || quote.status === 'accepted';
  const editing = useQuoteDocument(start.document);
  const { doc } = editing;
  const autosave = useQuoteAutosave({
    quoteId: quote.id,
    document: doc,
    initialVersion: start.version,
    blocked: editing.hasInvalid,
    readOnly,
  });
  const held = useLeaveGuard(autosave.dirty && !readOnly);
  const markers = useMemo(() => leftoverMarkers(doc), [doc]);
  const actions = useQuoteEditorActions({
    quoteId: quote.id,
    doc,
    setDoc: editing.setDoc,
    autosave,
  });
  const [dialog, setDialog] = useState<'share' | 'versions' | null>(null);
  const errors = { ...autosave.errors, ...editing.invalid };

  return (
    <>
      <QuoteEditorHeader
        quote={quote}
        doc={doc}
        errors={errors}
        readOnly={readOnly}
        onChange={(patch) => editing.update((d) => ({ ...d, ...patch }))}
        actions={{
          onExport: (format) => void actions.exportAs(format),
          onShare: () => setDialog('share'),
          onVersions: () => setDialog('versions'),
          onMarkSent: () => void actions.markSent(),
          exporting: actions.busy,
          sendBlocked: sendBlockedReason(markers.length),
        }}
      />
      <div className="mb-4 space-y-2">
        <QuoteSaveStatus
          state={readOnly ? 'idle' : autosave.state}
          savedAt={autosave.savedAt}
          onRetry={() => void autosave.retry()}
          onReload={onReload}
        />
        {actions.message ? (
          <p role="alert" className="text-sm">
            {actions.message}
          </p>
        ) : null}
      </div>
      <QuoteEditorBody
        quote={quote}
        editing={editing}
        errors={errors}
        readOnly={readOnly}
        markers={markers}
      />
      <QuoteShareDialog
        quote={quote}
        open={dialog === 'share'}
        onOpenChange={(open) => setDialog(open ? 'share' : null)}
      />
      <QuoteVersionsDialog
        quote={quote}
        open={dialog === 'versions'}
        onOpenChange={(open) => setDialog(open ? 'versions' : null)}
        onRestored={onRestart}
      />
      <ConfirmDiscardDialog
        open={held !== null}
        title="Leave without saving?"
        description="Your latest edits to this quote are not saved yet. Leaving now loses them."
        discardLabel="Leave without saving"
        onDiscard={() => held?.leave()}
        onKeep={() => held?.stay()}
      />
    </>
  );
}
