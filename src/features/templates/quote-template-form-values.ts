import { z } from 'zod';

import {
  quoteTemplateContentSchema,
  unknownQuoteVariablesInText,
  unknownQuoteVariablesMessage,
  type QuoteTemplate,
  type QuoteTemplateContent,
} from '@/contract/quote-templates';
import { QUOTE_LINE_UNITS, QUOTE_QUANTITY_MAX } from '@/contract/quotes';
import { majorStringToMinor, minorToMajorString } from '@/contract/quote-totals';

/**
 * A template has no currency of its own: a fixed rate is typed with two decimals and used in
 * the quote's currency when a quote starts from the template.
 */
const RATE_CURRENCY = 'USD';

export const QUOTE_TEMPLATE_SECTIONS = [
  { name: 'summary', label: 'Summary' },
  { name: 'understanding', label: 'Understanding of the project' },
  { name: 'timeline', label: 'Timeline' },
  { name: 'terms', label: 'Terms' },
] as const;
export type QuoteTemplateSectionName = (typeof QUOTE_TEMPLATE_SECTIONS)[number]['name'];

/** Refuses a text with variables quotes do not know, in the words the server uses. */
const sectionSchema = z
  .string()
  .max(10_000, { message: 'At most 10,000 characters' })
  .superRefine((text, ctx) => {
    const unknown = unknownQuoteVariablesInText(text);
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: unknownQuoteVariablesMessage(unknown) });
  });

const numberText = (message: string, check: (value: number) => boolean) =>
  z
    .string()
    .trim()
    .refine((value) => value !== '' && Number.isFinite(Number(value)) && check(Number(value)), {
      message,
    });

const lineSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, { message: 'Give the line a name' })
    .max(300, { message: 'At most 300 characters' })
    .superRefine((text, ctx) => {
      const unknown = unknownQuoteVariablesInText(text);
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: unknownQuoteVariablesMessage(unknown) });
    }),
  quantity: numberText(
    `Enter a quantity from 0 to ${QUOTE_QUANTITY_MAX}`,
    (n) => n >= 0 && n <= QUOTE_QUANTITY_MAX,
  ),
  unit: z.enum(QUOTE_LINE_UNITS),
  /** Not edited here (quotes show it under the line); carried with its row when rows move. */
  description: z.string(),
  rate: z
    .string()
    .trim()
    .refine((value) => value === '' || majorStringToMinor(value, RATE_CURRENCY) !== null, {
      message: 'Enter an amount such as 85 or 85.50, or leave it blank for your rate',
    }),
  optional: z.boolean(),
});

/** The editor's own shape (text inputs), checked with zod and turned into the API content. */
export const quoteTemplateFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Give the template a name' })
    .max(120, { message: 'At most 120 characters' }),
  summary: sectionSchema,
  understanding: sectionSchema,
  timeline: sectionSchema,
  terms: sectionSchema,
  assumptions: z
    .string()
    .refine((value) => splitLines(value).length <= 50, { message: 'At most 50 assumptions' })
    .superRefine((text, ctx) => {
      const unknown = unknownQuoteVariablesInText(text);
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: unknownQuoteVariablesMessage(unknown) });
    }),
  lineItems: z.array(lineSchema).max(100, { message: 'At most 100 lines' }),
  validityDays: numberText(
    'Enter a whole number of days from 1 to 365',
    (n) => Number.isInteger(n) && n >= 1 && n <= 365,
  ),
  taxPercent: numberText('Enter a tax rate from 0 to 100', (n) => n >= 0 && n <= 100),
  isDefault: z.boolean(),
});
export type QuoteTemplateFormValues = z.input<typeof quoteTemplateFormSchema>;
export type QuoteTemplateFormOutput = z.output<typeof quoteTemplateFormSchema>;

export function splitLines(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export const EMPTY_LINE: QuoteTemplateFormValues['lineItems'][number] = {
  label: '',
  quantity: '1',
  unit: 'hours',
  description: '',
  rate: '',
  optional: false,
};

export function toFormValues(
  template: QuoteTemplate | null,
  isDefault = false,
): QuoteTemplateFormValues {
  const content = template?.content ?? quoteTemplateContentSchema.parse({});
  return {
    name: template?.name ?? '',
    summary: content.summary,
    understanding: content.understanding,
    timeline: content.timeline,
    terms: content.terms,
    assumptions: content.assumptions.join('\n'),
    lineItems: content.lineItems.map((line) => ({
      label: line.label,
      quantity: String(line.quantity),
      unit: line.unit,
      description: line.description,
      rate: line.rateMinor === null ? '' : minorToMajorString(line.rateMinor, RATE_CURRENCY),
      optional: line.optional,
    })),
    validityDays: String(content.validityDays),
    taxPercent: String(content.taxBasisPoints / 100),
    isDefault: template?.isDefault ?? isDefault,
  };
}

/** The content the API stores. */
export function toContent(values: QuoteTemplateFormOutput): QuoteTemplateContent {
  return {
    summary: values.summary,
    understanding: values.understanding,
    timeline: values.timeline,
    terms: values.terms,
    assumptions: splitLines(values.assumptions),
    lineItems: values.lineItems.map((line) => ({
      label: line.label,
      description: line.description,
      quantity: Number(line.quantity),
      unit: line.unit,
      rateMinor: line.rate === '' ? null : majorStringToMinor(line.rate, RATE_CURRENCY),
      optional: line.optional,
    })),
    validityDays: Number(values.validityDays),
    taxBasisPoints: Math.round(Number(values.taxPercent) * 100),
  };
}
