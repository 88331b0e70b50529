import { describe, expect, it } from 'vitest';

import { quoteTemplateContentSchema } from '#contract/quote-templates';

import { offlineQuote } from './offline-quote.ts';
import { applyQuoteTemplate, templateRateMinor } from './template-apply.ts';
import { readRfp } from './test-rfps.ts';

const NOW = new Date('2026-11-23T15:30:00Z');

const content = quoteTemplateContentSchema.parse({
  lineItems: [
    { label: 'Launch support', quantity: 4, rateMinor: 9_550 },
    { label: 'Hosting set-up', quantity: 2, rateMinor: null },
  ],
});

function templated(currency: string, rateMinor: number) {
  const document = offlineQuote({
    rfpText: readRfp('analytics-dashboard'),
    rateMinor,
    currency,
    now: NOW,
  });
  const values = {
    client_name: null,
    project_title: null,
    my_name: null,
    my_title: null,
    rate: null,
    currency,
    signature: null,
  };
  const applied = applyQuoteTemplate(document, content, { rateMinor, now: NOW, values });
  const rateOf = (label: string) =>
    applied.lineItems.find((line) => line.label === label)?.rateMinor;
  return { support: rateOf('Launch support'), hosting: rateOf('Hosting set-up') };
}

describe('applyQuoteTemplate rates', () => {
  it('reads a template’s fixed rate as two decimals and prices it in the quote’s currency', () => {
    // 95.50 typed in the template: 95.50 dollars, 96 yen, 95.500 dinars.
    expect(templated('USD', 8_500).support).toBe(9_550);
    expect(templated('JPY', 9_000).support).toBe(96);
    expect(templated('KWD', 25_000).support).toBe(95_500);
  });

  it('gives a line without a fixed rate the quote’s own rate, unconverted', () => {
    expect(templated('JPY', 9_000).hosting).toBe(9_000);
    expect(templated('KWD', 25_000).hosting).toBe(25_000);
  });

  it('rounds half up when the currency has no minor unit', () => {
    expect(templateRateMinor(9_549, 'JPY')).toBe(95);
    expect(templateRateMinor(9_550, 'JPY')).toBe(96);
    expect(templateRateMinor(0, 'KWD')).toBe(0);
  });
});
