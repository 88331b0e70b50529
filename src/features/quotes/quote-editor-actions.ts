import { useState } from 'react';

import type { QuoteDocument } from '@/contract/quotes';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useQuoteExport, type QuoteExportFormat } from './quote-editor-export';
import { useSetQuoteStatusMutation } from './quotes.api';
import type { useQuoteAutosave } from './use-quote-autosave';

/**
 * Mark as sent and the exports. Both act on the quote as stored, so unsaved edits are saved
 * first; when that fails, nothing goes out and the person is told why.
 */
export function useQuoteEditorActions(input: {
  quoteId: string;
  doc: QuoteDocument;
  setDoc: (doc: QuoteDocument) => void;
  autosave: ReturnType<typeof useQuoteAutosave>;
}) {
  const { quoteId, doc, setDoc, autosave } = input;
  const exporter = useQuoteExport(quoteId, doc.title);
  const [setStatus, statusState] = useSetQuoteStatusMutation();
  const [message, setMessage] = useState<string | null>(null);

  const markSent = async () => {
    setMessage(null);
    if (!(await autosave.flush())) {
      setMessage('The quote could not be saved, so it was not marked as sent.');
      return;
    }
    const result = await setStatus({ id: quoteId, status: 'sent' });
    if ('error' in result) {
      setMessage(apiErrorMessage(result.error, 'Could not mark the quote as sent. Try again.'));
      return;
    }
    // The server keeps the status in the document too; taking it here keeps the next save quiet.
    const next = { ...doc, status: result.data.document.status };
    setDoc(next);
    autosave.adopt(next, result.data.version);
    setMessage('Marked as sent.');
  };

  const exportAs = async (format: QuoteExportFormat) => {
    setMessage(null);
    if (await autosave.flush()) await exporter.download(format);
    else setMessage('Save the quote before exporting: the export reads the saved quote.');
  };

  return {
    markSent,
    exportAs,
    busy: exporter.exporting || statusState.isLoading,
    message: message ?? exporter.error,
  };
}
