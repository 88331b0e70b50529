import type { QuoteTemplateContent } from '#contract/quote-templates';
import { currencyMinorDigits } from '#contract/quote-totals';
import { QUOTE_AMOUNT_MAX, type QuoteDocument, type QuoteLineItem } from '#contract/quotes';
import { addMarker } from '#contract/response-checks';

/**
 * A quote template applied to a generated quote. Its sections, with the variables filled, lead
 * the generated summary, understanding and timeline (which keep what was read from the RFP) and
 * replace the generated terms; its assumptions are added; its default lines are added (a line
 * without a rate takes the chosen one) and counted in the last milestone; its validity and tax
 * apply. A template's fixed rate is typed with two decimals (9550 is 95.50) whatever the currency,
 * so it is moved to the quote currency's own minor unit: 96 yen, 95.500 dinars. A variable with no value becomes an `[Add: …]` marker, never an empty gap.
 */

export type QuoteVariableValues = {
  client_name: string | null;
  project_title: string | null;
  my_name: string | null;
  my_title: string | null;
  rate: string | null;
  currency: string;
  valid_until: string;
  signature: string | null;
};

const VARIABLE_PATTERN = /\{\{([^{}]*)\}\}/g;
const DAY_MS = 86_400_000;
const SECTION_MAX = 20_000;

export function fillQuoteVariables(text: string, values: QuoteVariableValues): string {
  return text.replace(VARIABLE_PATTERN, (_, raw: string) => {
    const name = raw.trim();
    if (!(name in values)) return '';
    const value = values[name as keyof QuoteVariableValues];
    return value && value.trim() ? value : addMarker(name.replaceAll('_', ' '));
  });
}

const joined = (lead: string, generated: string) =>
  (lead.trim() ? `${lead.trim()}\n\n${generated}` : generated).slice(0, SECTION_MAX);

/** A template rate, typed in hundredths, in minor units of `currency` (rounded half up). */
export function templateRateMinor(hundredths: number, currency: string): number {
  const digits = currencyMinorDigits(currency);
  const minor =
    digits >= 2 ? hundredths * 10 ** (digits - 2) : Math.round(hundredths / 10 ** (2 - digits));
  return Math.min(minor, QUOTE_AMOUNT_MAX);
}

function templateLines(
  content: QuoteTemplateContent,
  rates: { rateMinor: number; currency: string },
  fill: (text: string) => string,
  taken: ReadonlySet<string>,
): QuoteLineItem[] {
  return content.lineItems.map((line, index) => {
    let id = `template-line-${index + 1}`;
    while (taken.has(id)) id = `${id}-t`;
    return {
      id,
      label: fill(line.label).slice(0, 300) || line.label,
      kind: 'task',
      description: fill(line.description).slice(0, 2_000),
      quantity: line.quantity,
      unit: line.unit,
      rateMinor:
        line.rateMinor === null
          ? rates.rateMinor
          : templateRateMinor(line.rateMinor, rates.currency),
      optional: line.optional,
      selected: false,
      requirementIds: [],
    };
  });
}

export function applyQuoteTemplate(
  document: QuoteDocument,
  content: QuoteTemplateContent,
  options: { rateMinor: number; now: Date; values: Omit<QuoteVariableValues, 'valid_until'> },
): QuoteDocument {
  const validUntil = new Date(options.now.getTime() + content.validityDays * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const values = { ...options.values, valid_until: validUntil };
  const fill = (text: string) => fillQuoteVariables(text, values);
  const lines = templateLines(
    content,
    { rateMinor: options.rateMinor, currency: document.currency },
    fill,
    new Set(document.lineItems.map((line) => line.id)),
  ).slice(0, Math.max(0, 200 - document.lineItems.length));
  const milestones = document.milestones.map((milestone, index) =>
    index === document.milestones.length - 1
      ? { ...milestone, lineItemIds: [...milestone.lineItemIds, ...lines.map((line) => line.id)] }
      : milestone,
  );
  const terms = content.terms.trim()
    ? fill(content.terms).slice(0, SECTION_MAX)
    : document.terms.replaceAll(document.validUntil, validUntil);
  return {
    ...document,
    summary: joined(fill(content.summary), document.summary),
    understanding: joined(fill(content.understanding), document.understanding),
    timeline: joined(fill(content.timeline), document.timeline),
    terms,
    assumptions: [
      ...document.assumptions,
      ...content.assumptions
        .map((text) => ({ text: fill(text).trim().slice(0, 2_000), requirementIds: [] }))
        .filter((assumption) => assumption.text !== ''),
    ].slice(0, 200),
    lineItems: [...document.lineItems, ...lines],
    milestones,
    validUntil,
    taxBasisPoints: content.taxBasisPoints,
  };
}
