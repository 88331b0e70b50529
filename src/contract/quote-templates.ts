import { z } from 'zod';

import { searchTextSchema } from './pagination.ts';
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

// ---- API (/api/quote-templates) ----

const QUOTE_VARIABLE_PATTERN = /\{\{([^{}]*)\}\}/g;

/** Every text of a quote template a variable may appear in: sections, assumptions and lines. */
export function quoteTemplateTexts(content: QuoteTemplateContentInput): string[] {
  return [
    content.summary ?? '',
    content.understanding ?? '',
    content.timeline ?? '',
    content.terms ?? '',
    ...(content.assumptions ?? []),
    ...(content.lineItems ?? []).flatMap((line) => [line.label, line.description ?? '']),
  ];
}

/** Every `{{name}}` used in one text, in order of first use, without duplicates. */
export function quoteVariablesInText(text: string): string[] {
  const seen = new Set<string>();
  // The name is trimmed in code, so the pattern has no spaces to trade with it.
  for (const match of text.matchAll(QUOTE_VARIABLE_PATTERN)) seen.add((match[1] ?? '').trim());
  return [...seen];
}

/** Every `{{name}}` used anywhere in a quote template, in order of first use. */
export function quoteTemplateVariablesIn(content: QuoteTemplateContentInput): string[] {
  return [...new Set(quoteTemplateTexts(content).flatMap(quoteVariablesInText))];
}

/** Variables in a text that quotes do not know (flagged while typing). */
export function unknownQuoteVariablesInText(text: string): string[] {
  return quoteVariablesInText(text).filter((name) => !QUOTE_TEMPLATE_VARIABLE_NAMES.includes(name));
}

/** Variables anywhere in a quote template that quotes do not know. */
export function unknownQuoteTemplateVariables(content: QuoteTemplateContentInput): string[] {
  return quoteTemplateVariablesIn(content).filter(
    (name) => !QUOTE_TEMPLATE_VARIABLE_NAMES.includes(name),
  );
}

/**
 * Why a quote template with unknown variables cannot be saved, naming the ones it may use. The
 * server answers it and the editor shows it, so both say the same thing.
 */
export function unknownQuoteVariablesMessage(unknown: readonly string[]): string {
  const plural = unknown.length > 1;
  const token = (name: string) => `{{${name}}}`;
  return `Unknown variable${plural ? 's' : ''} ${unknown.map(token).join(', ')}: ${plural ? 'they' : 'it'} would reach the client as written. Use only ${QUOTE_TEMPLATE_VARIABLE_NAMES.map(token).join(', ')}.`;
}

export type QuoteTemplateContentInput = z.input<typeof quoteTemplateContentSchema>;

export const quoteTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  content: quoteTemplateContentSchema,
  variables: z.array(z.string()),
  unknownVariables: z.array(z.string()),
  isDefault: z.boolean(),
  usageCount: z.number().int(),
  lastUsedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type QuoteTemplate = z.infer<typeof quoteTemplateSchema>;

const quoteTemplateNameSchema = z.string().trim().min(1, 'Give the template a name').max(120);

export const createQuoteTemplateBodySchema = z.strictObject({
  name: quoteTemplateNameSchema,
  content: quoteTemplateContentSchema,
  isDefault: z.boolean().default(false),
});
export type CreateQuoteTemplateBody = z.input<typeof createQuoteTemplateBodySchema>;

/** A change: `content`, when sent, replaces the whole content (the editor sends all of it). */
export const updateQuoteTemplateBodySchema = z
  .strictObject({
    name: quoteTemplateNameSchema.optional(),
    content: quoteTemplateContentSchema.optional(),
    isDefault: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one of name, content, isDefault',
  });
export type UpdateQuoteTemplateBody = z.input<typeof updateQuoteTemplateBodySchema>;

export const listQuoteTemplatesQuerySchema = z.strictObject({
  q: searchTextSchema(200).optional(),
});
export type ListQuoteTemplatesQuery = z.input<typeof listQuoteTemplatesQuerySchema>;

export const quoteTemplateListSchema = z.object({
  items: z.array(quoteTemplateSchema),
  nextCursor: z.null(),
});
export type QuoteTemplateList = z.infer<typeof quoteTemplateListSchema>;

export const quoteTemplateIdParamsSchema = z.strictObject({ id: z.uuid() });
