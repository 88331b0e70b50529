import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';

import type { QuoteDocument } from '#contract/quotes';

import { offlineQuote } from '../quote-generation/offline-quote.ts';
import { readRfp, type RfpName } from '../quote-generation/test-rfps.ts';

/** Quotes and file readers shared by the export tests. */

export const EXPORT_NOW = new Date('2025-03-01T10:00:00Z');

export const FREELANCER = {
  name: 'Alice Moreno',
  title: 'React developer',
  email: 'alice@example.com',
};

/** The offline engine's quote for one of the sample RFPs. */
export function realisticQuote(
  rfp: RfpName = 'ecommerce-redesign',
  currency = 'USD',
  rateMinor = 8_500,
): QuoteDocument {
  return offlineQuote({ rfpText: readRfp(rfp), rateMinor, currency, now: EXPORT_NOW });
}

/** A realistic quote grown to 40 priced lines, with a discount and tax. */
export function fortyLineQuote(): QuoteDocument {
  const base = realisticQuote('nonprofit-portal');
  const extra = Array.from({ length: Math.max(0, 40 - base.lineItems.length) }, (_, index) => ({
    id: `extra-${index + 1}`,
    label: `Extra task ${index + 1}: content review and fixes`,
    kind: 'task' as const,
    description: 'A round of review with the client, then the fixes agreed in it.',
    quantity: 2.5 + (index % 4),
    unit: 'hours' as const,
    rateMinor: 8_500,
    optional: index % 9 === 0,
    selected: false,
    requirementIds: [],
  }));
  return {
    ...base,
    lineItems: [...base.lineItems, ...extra],
    discount: { kind: 'percent', basisPoints: 500 },
    taxBasisPoints: 2_000,
  };
}

/** Whitespace collapsed, and words the PDF broke after a hyphen joined again. */
export function flatText(text: string): string {
  return text.split('-\n').join('-').split(/\s+/).filter(Boolean).join(' ');
}

export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: false });
  return text;
}

export async function docxText(docx: Buffer): Promise<string> {
  const { value } = await mammoth.extractRawText({ buffer: docx });
  return value;
}

export async function docxHtml(docx: Buffer): Promise<string> {
  const { value } = await mammoth.convertToHtml({ buffer: docx });
  return value;
}

/** How a reader writes the amount, computed apart from the exporter's own formatter. */
export function asWritten(minor: number, currency: string, digits: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    minor / 10 ** digits,
  );
}
