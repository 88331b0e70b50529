import { describe, expect, it } from 'vitest';

import { exportFileName } from './quote-editor-export';
import {
  hundredthsToText,
  leftoverMarkers,
  parseHundredths,
  upworkMilestoneLines,
} from './quote-editor-text';
import { quoteDocument } from './quote-editor-fixtures';
import { quoteFieldErrors } from './use-quote-autosave';

describe('quote editor text helpers', () => {
  it('reads percentages and quantities to two decimals, refusing anything else', () => {
    expect(parseHundredths('12.5')).toBe(1250);
    expect(parseHundredths(' 7 ')).toBe(700);
    expect(parseHundredths('0.25')).toBe(25);
    expect(parseHundredths('1.234')).toBeNull();
    expect(parseHundredths('-1')).toBeNull();
    expect(parseHundredths('1e3')).toBeNull();
    expect(parseHundredths('')).toBeNull();
    expect(hundredthsToText(1250)).toBe('12.5');
    expect(hundredthsToText(1205)).toBe('12.05');
    expect(hundredthsToText(1200)).toBe('12');
  });

  it('finds leftover markers with where they are', () => {
    const doc = quoteDocument({ terms: 'Net 14. [Add: your late fee]' });
    expect(leftoverMarkers(doc)).toEqual([{ where: 'Terms', marker: '[Add: your late fee]' }]);
  });

  it('writes Upwork lines with plain decimal amounts, JPY without decimals', () => {
    expect(upworkMilestoneLines(quoteDocument({ currency: 'JPY' }))).toEqual([
      'Milestone 1: Design — 86667 — due 2026-12-01',
      'Milestone 2: Build — 173333',
    ]);
  });

  it('names export files after the title', () => {
    expect(exportFileName('Checkout: rebuild (v2)', 'pdf')).toBe('checkout-rebuild-v2.pdf');
    expect(exportFileName('Üñ', 'docx')).toBe('quote.docx');
  });

  it('explains refused fields in the screen’s words', () => {
    expect(quoteFieldErrors(quoteDocument())).toEqual({});
    const errors = quoteFieldErrors(
      quoteDocument({
        title: '',
        validUntil: '',
        currency: 'usd',
        assumptions: [{ text: ' ', requirementIds: [] }],
      }),
    );
    expect(errors).toEqual({
      title: 'Write something here.',
      validUntil: 'Pick a date.',
      currency: 'currency must be a 3-letter ISO code such as USD',
      'assumptions.0.text': 'Write something here.',
    });
  });
});
