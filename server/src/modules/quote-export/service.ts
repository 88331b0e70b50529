import type { QUOTE_EXPORT_FORMATS } from '#contract/quotes-api';

import type { Database } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activities/service.ts';
import { loadAgentProfile } from '../profile/service.ts';
import { requireQuoteRow } from '../quotes/service.ts';
import { exportModelOf } from './export-model.ts';
import { renderQuoteDocx } from './quote-docx.ts';
import { renderQuotePdf } from './quote-pdf.ts';

/**
 * One quote as a PDF or Word file for its owner, with the freelancer's name and title from their
 * profile (their account name when the profile has none). Every export is logged.
 */

export type QuoteExportFormat = (typeof QUOTE_EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<QuoteExportFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export interface QuoteExportFile {
  body: Buffer;
  fileName: string;
  contentType: string;
}

export async function exportQuote(
  db: Database,
  user: Pick<AuthUser, 'id' | 'name' | 'email'>,
  quoteId: string,
  format: QuoteExportFormat,
  meta: { userAgent?: string | undefined },
): Promise<QuoteExportFile> {
  const row = await requireQuoteRow(db, user.id, quoteId);
  const profile = await loadAgentProfile(db, user.id, user.name);
  const model = exportModelOf(
    { document: row.document },
    { name: profile.name ?? user.email, title: profile.title ?? '', email: user.email },
    new Date(),
  );
  const body = format === 'pdf' ? await renderQuotePdf(model) : await renderQuoteDocx(model);
  await recordActivity(db, {
    userId: user.id,
    action: 'export_quote',
    details: { quoteId, format, title: row.document.title },
    userAgent: meta.userAgent ?? null,
  });
  return {
    body,
    fileName: exportFileName(row.document.title, format),
    contentType: EXPORT_CONTENT_TYPES[format],
  };
}

const FILE_NAME_TITLE_MAX = 80;
/** Characters no file system takes in a name, plus the quote marks a header would need escaped. */
const UNSAFE_IN_FILE_NAMES = new Set(['/', '\\', ':', '*', '?', '"', '<', '>', '|']);

/** "Website redesign - quote.pdf": the title without characters file systems refuse. */
export function exportFileName(title: string, format: QuoteExportFormat): string {
  let cleaned = '';
  for (const char of title) {
    const code = char.codePointAt(0) ?? 0;
    const unsafe = code < 0x20 || code === 0x7f || UNSAFE_IN_FILE_NAMES.has(char);
    cleaned += unsafe ? ' ' : char;
  }
  const words = cleaned.split(' ').filter(Boolean).join(' ');
  const short = Array.from(words).slice(0, FILE_NAME_TITLE_MAX).join('').trim();
  // A name of only dots would read as a directory.
  const base = short.split('.').join('') === '' ? 'Quote' : short;
  return `${base} - quote.${format}`;
}
