import { z } from 'zod';

import { QUOTE_AMOUNT_MAX, QUOTE_LINE_UNITS, QUOTE_QUANTITY_MAX } from './quotes.ts';

/**
 * Quote templates (/api/quote-templates, gated by `proposal`; response templates are
 * /api/templates): written sections and default line items that start a quote. Section texts are
 * markdown and may use the quote variables below, filled in when the template is used.
 */

export const QUOTE_TEMPLATE_VARIABLES = [
  { name: 'client_name', description: "The client's name from the RFP (or an [Add: …] marker)" },
  { name: 'project_title', description: "The RFP's title" },
  { name: 'my_name', description: 'Your name from the profile' },
  { name: 'my_title', description: 'Your professional title from the profile' },
  { name: 'rate', description: 'Your hourly rate, e.g. $85/hr' },
  { name: 'currency', description: 'The quote currency, e.g. USD' },
  { name: 'valid_until', description: 'The last day the quote is valid' },
  { name: 'signature', description: 'Your signature from the profile' },
] as const;
export const QUOTE_TEMPLATE_VARIABLE_NAMES: readonly string[] = QUOTE_TEMPLATE_VARIABLES.map(
  (variable) => variable.name,
);

const sectionText = z.string().max(10_000).default('');

export const quoteTemplateLineSchema = z.object({
  label: z.string().trim().min(1, 'Give the line a name').max(300),
  description: z.string().max(2_000).default(''),
  quantity: z.number().min(0).max(QUOTE_QUANTITY_MAX),
  unit: z.enum(QUOTE_LINE_UNITS).default('hours'),
  /** Null uses the rate chosen when the quote is generated. */
  rateMinor: z.number().int().min(0).max(QUOTE_AMOUNT_MAX).nullable().default(null),
  optional: z.boolean().default(false),
});
export type QuoteTemplateLine = z.infer<typeof quoteTemplateLineSchema>;

export const quoteTemplateContentSchema = z.object({
  summary: sectionText,
  understanding: sectionText,
  timeline: sectionText,
  terms: sectionText,
  assumptions: z.array(z.string().trim().min(1).max(2_000)).max(50).default([]),
  lineItems: z.array(quoteTemplateLineSchema).max(100).default([]),
  validityDays: z.number().int().min(1).max(365).default(30),
  taxBasisPoints: z.number().int().min(0).max(10_000).default(0),
});
export type QuoteTemplateContent = z.infer<typeof quoteTemplateContentSchema>;
