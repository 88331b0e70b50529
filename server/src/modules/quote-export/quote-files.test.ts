import { beforeAll, describe, expect, it } from 'vitest';

import { milestoneAmounts, quoteTotals } from '#contract/quote-totals';
import type { QuoteDocument } from '#contract/quotes';

import { EXPORT_HEADINGS, exportModelOf } from './export-model.ts';
import { renderQuoteDocx } from './quote-docx.ts';
import { renderQuotePdf } from './quote-pdf.ts';
import {
  asWritten,
  docxHtml,
  docxText,
  EXPORT_NOW,
  flatText,
  fortyLineQuote,
  FREELANCER,
  pdfPages,
  realisticQuote,
} from './test-quotes.ts';

const render = (document: QuoteDocument) => {
  const model = exportModelOf({ document }, FREELANCER, EXPORT_NOW);
  return { pdf: renderQuotePdf(model), docx: renderQuoteDocx(model) };
};

/** Everything a reader must find in either file for this quote. */
function expectEveryPart(text: string, document: QuoteDocument): void {
  for (const heading of Object.values(EXPORT_HEADINGS)) expect(text).toContain(heading);
  expect(text).toContain(document.title);
  for (const line of document.lineItems) expect(text).toContain(flatText(line.label));
  for (const milestone of document.milestones) expect(text).toContain(milestone.name);
  for (const milestone of milestoneAmounts(document)) {
    expect(text).toContain(asWritten(milestone.amountMinor, document.currency, 2));
  }
  expect(text).toContain(asWritten(quoteTotals(document).totalMinor, document.currency, 2));
  expect(text).toContain('Alice Moreno, React developer, alice@example.com');
  expect(text).toContain('31 March 2025');
}

describe('a realistic quote exported', () => {
  const document = realisticQuote();
  let pdf: Buffer;
  let docx: Buffer;
  beforeAll(async () => {
    const files = render(document);
    [pdf, docx] = await Promise.all([files.pdf, files.docx]);
  });

  it('reads back from the PDF with every heading, line, milestone and the total', async () => {
    const pages = await pdfPages(pdf);
    const text = flatText(pages.join('\n'));
    expect(document.lineItems.length).toBeGreaterThan(8);
    expectEveryPart(text, document);
    expect(text).not.toContain('**');
    pages.forEach((page, index) => {
      expect(flatText(page)).toContain(`Page ${index + 1} of ${pages.length}`);
    });
  });

  it('reads back from the DOCX with every heading, line, milestone and the total', async () => {
    const text = flatText(await docxText(docx));
    expectEveryPart(text, document);
    expect(text).toContain(`Total: ${asWritten(quoteTotals(document).totalMinor, 'USD', 2)}`);
  });

  it('embeds its own TrueType fonts in the PDF and uses none of the built-in ones', () => {
    const bytes = pdf.toString('latin1');
    expect(bytes.startsWith('%PDF-')).toBe(true);
    expect(bytes).toContain('/FontFile2');
    expect(bytes).toContain('DejaVuSans');
    expect(bytes).not.toContain('/Helvetica');
    expect(bytes).not.toContain('/Times-Roman');
  });
});

describe('amounts in the currency’s own decimals', () => {
  it('writes a JPY quote without decimals in both files', async () => {
    const document = realisticQuote('analytics-dashboard', 'JPY', 9_000);
    const files = render(document);
    const [pdf, docx] = await Promise.all([files.pdf, files.docx]);
    const total = asWritten(quoteTotals(document).totalMinor, 'JPY', 0);
    expect(total).toMatch(/^¥[\d,]+$/);
    for (const text of [
      flatText((await pdfPages(pdf)).join('\n')),
      flatText(await docxText(docx)),
    ]) {
      expect(text).toContain(total);
      expect(text).toContain('¥9,000');
      expect(text).not.toMatch(/¥[\d,]+\.\d/);
    }
  });

  it('writes KWD with three decimals', async () => {
    const document = { ...realisticQuote('analytics-dashboard', 'KWD', 12_500) };
    const text = flatText(await docxText(await render(document).docx));
    expect(text).toContain(flatText(asWritten(12_500, 'KWD', 3)));
    expect(asWritten(12_500, 'KWD', 3)).toContain('12.500');
  });
});

describe('markdown sections', () => {
  const document: QuoteDocument = {
    ...realisticQuote(),
    summary:
      'We **deliver the checkout** in *three weeks*.\n\n## Approach in brief\n\n- Bullet alpha\n- Bullet **beta** item\n  - Nested gamma\n\n1. First step\n2. Second step\n\n<script>alert(1)</script>',
  };

  it('shows the words of bold runs, headings and bullets in the PDF, without markdown marks', async () => {
    const text = flatText((await pdfPages(await render(document).pdf)).join('\n'));
    for (const words of [
      'We deliver the checkout in three weeks.',
      'Approach in brief',
      'Bullet alpha',
      'Bullet beta item',
      'Nested gamma',
      '1. First step',
      '2. Second step',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('**');
    expect(text).not.toContain('## ');
    // Raw HTML is not interpreted: it stays the characters that were typed.
    expect(text).toContain('<script>alert(1)</script>');
  });

  it('keeps bold and italic as Word formatting in the DOCX', async () => {
    const html = await docxHtml(await render(document).docx);
    expect(html).toContain('<strong>deliver the checkout</strong>');
    expect(html).toContain('<em>three weeks</em>');
    expect(html).toContain('<strong>beta</strong>');
    expect(html).toContain('Approach in brief');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('a 40-line quote', () => {
  it('breaks the pricing table across pages under a repeated header, with discount and tax', async () => {
    const document = fortyLineQuote();
    expect(document.lineItems).toHaveLength(40);
    const model = exportModelOf({ document }, FREELANCER, EXPORT_NOW);
    const started = performance.now();
    const pdf = await renderQuotePdf(model);
    // Printed, not asserted: the machine running the tests is shared.
    console.log(`40-line quote PDF rendered in ${Math.round(performance.now() - started)} ms`);
    const pages = (await pdfPages(pdf)).map(flatText);
    const withHeader = pages.filter((page) => page.includes('Item Qty Unit Rate Amount'));
    expect(withHeader.length).toBeGreaterThanOrEqual(2);
    const text = pages.join(' ');
    for (const line of document.lineItems) expect(text).toContain(flatText(line.label));
    expect(text).toContain('Optional, not included in the total');
    const totals = quoteTotals(document);
    expect(text).toContain(`Discount (5%) -${asWritten(totals.discountMinor, 'USD', 2)}`);
    expect(text).toContain(`Tax (20%) ${asWritten(totals.taxMinor, 'USD', 2)}`);
    expect(text).toContain(`Total ${asWritten(totals.totalMinor, 'USD', 2)}`);
    expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
  });
});
