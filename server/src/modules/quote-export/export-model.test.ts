import { describe, expect, it } from 'vitest';

import { quoteTotals } from '#contract/quote-totals';
import type { QuoteDocument } from '#contract/quotes';

import { exportFileName } from './service.ts';
import { formatQuoteMoney } from '#contract/quote-totals';

import { exportModelOf, formatDay } from './export-model.ts';
import { EXPORT_NOW, FREELANCER, realisticQuote } from './test-quotes.ts';

const nbsp = (text: string) => text.split(' ').join('\u00a0');

describe('money in exports (formatQuoteMoney)', () => {
  it('uses the currency’s own decimals', () => {
    expect(formatQuoteMoney(125_000, 'USD')).toBe('$1,250.00');
    expect(formatQuoteMoney(99, 'EUR')).toBe('€0.99');
    expect(formatQuoteMoney(5_000, 'JPY')).toBe('¥5,000');
    expect(formatQuoteMoney(1_234, 'KWD')).toBe(nbsp('KWD 1.234'));
  });
});

describe('exportModelOf', () => {
  const base = realisticQuote();

  it('computes every amount from the lines and shows discount and tax lines when set', () => {
    const document: QuoteDocument = {
      ...base,
      discount: { kind: 'amount', amountMinor: 10_000 },
      taxBasisPoints: 1_250,
    };
    const model = exportModelOf({ document }, FREELANCER, EXPORT_NOW);
    const totals = quoteTotals(document);
    expect(model.totalLines).toEqual([
      { label: 'Subtotal', amount: formatQuoteMoney(totals.subtotalMinor, 'USD') },
      { label: 'Discount', amount: '-$100.00' },
      { label: 'Tax (12.5%)', amount: formatQuoteMoney(totals.taxMinor, 'USD') },
    ]);
    expect(model.total.amount).toBe(formatQuoteMoney(totals.totalMinor, 'USD'));
    expect(model.lineItems).toHaveLength(document.lineItems.length);
    expect(model.milestones.map((m) => m.name)).toEqual(document.milestones.map((m) => m.name));
  });

  it('marks optional lines the client has not ticked as not included', () => {
    const [first, ...rest] = base.lineItems;
    if (!first) throw new Error('the sample quote has lines');
    const document = {
      ...base,
      lineItems: [{ ...first, optional: true, selected: false }, ...rest],
    };
    const [line] = exportModelOf({ document }, FREELANCER, EXPORT_NOW).lineItems;
    expect(line).toMatchObject({ optional: true, included: false });
  });

  it('writes dates as day, month and year', () => {
    expect(formatDay('2025-03-31')).toBe('31 March 2025');
    expect(exportModelOf({ document: base }, FREELANCER, EXPORT_NOW).issuedOn).toBe('1 March 2025');
  });
});

describe('exportFileName', () => {
  it('names the file after the title without characters file systems refuse', () => {
    expect(exportFileName('Website redesign', 'pdf')).toBe('Website redesign - quote.pdf');
    expect(exportFileName('Quote: a/b\\c*?"<>|\r\nd', 'docx')).toBe('Quote a b c d - quote.docx');
    expect(exportFileName('..', 'pdf')).toBe('Quote - quote.pdf');
    expect(exportFileName('x'.repeat(300), 'pdf')).toBe(`${'x'.repeat(80)} - quote.pdf`);
  });
});
