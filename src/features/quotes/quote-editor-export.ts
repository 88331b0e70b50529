import { useState } from 'react';

import { buildApiUrl } from '@/lib/api-url';
import { observedFetch } from '@/lib/connectivity';
import { useAppStore } from '@/store/hooks';

export type QuoteExportFormat = 'pdf' | 'docx';

/** A file name from the title: letters, digits and dashes only, never empty. */
export function exportFileName(title: string, format: QuoteExportFormat): string {
  let name = '';
  for (const char of title.toLowerCase().slice(0, 80)) {
    const keep = (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9');
    if (keep) name += char;
    else if (!name.endsWith('-')) name += '-';
  }
  const trimmed = name.split('-').filter(Boolean).join('-');
  return `${trimmed || 'quote'}.${format}`;
}

/**
 * Downloads the quote as PDF or DOCX: the file is fetched with the bearer token (a plain link
 * could not send it) and handed to the browser as a download.
 */
export function useQuoteExport(quoteId: string, title: string) {
  const store = useAppStore();
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: QuoteExportFormat) => {
    setExporting(true);
    setError(null);
    try {
      const token = await store.extra.getToken(false).catch(() => null);
      const response = await observedFetch(
        buildApiUrl(store.extra.apiBaseUrl, `/api/quotes/${quoteId}/export?format=${format}`),
        { headers: token ? { authorization: `Bearer ${token}` } : {} },
      );
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(title, format);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(`Could not export the ${format.toUpperCase()}. Try again.`);
    } finally {
      setExporting(false);
    }
  };

  return { download, exporting, error };
}
