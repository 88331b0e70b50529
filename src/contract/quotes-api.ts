import { z } from 'zod';

import { cursorSchema, searchTextSchema } from './pagination.ts';
import {
  quoteCurrencySchema,
  quoteDateSchema,
  quoteDocumentSchema,
  quoteRequirementSchema,
  quoteStatusSchema,
  QUOTE_AMOUNT_MAX,
} from './quotes.ts';

/**
 * The quotes API (/api/quotes, gated by the `proposal` module): what the owner reads and sends.
 * The document itself is quotes.ts; amounts here are computed by the server from it.
 */

/** Totals as the server computed them when the quote was last saved. */
export const quoteTotalsViewSchema = z.object({
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type QuoteTotalsView = z.infer<typeof quoteTotalsViewSchema>;

export const quoteStatusEventSchema = z.object({
  status: quoteStatusSchema,
  at: z.iso.datetime(),
});

/** The live share link of a quote (at most one at a time). */
export const quoteShareSchema = z.object({
  /** The public page's path, `/q/{token}`; the SPA puts its own origin in front. */
  path: z.string(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  viewCount: z.number().int(),
  lastViewedAt: z.iso.datetime().nullable(),
});
export type QuoteShare = z.infer<typeof quoteShareSchema>;

export const quoteAcceptanceSchema = z.object({
  name: z.string(),
  acceptedAt: z.iso.datetime(),
  ip: z.string(),
  totalMinor: z.number().int(),
  currency: z.string(),
});
export type QuoteAcceptance = z.infer<typeof quoteAcceptanceSchema>;

export const quoteDeclineSchema = z.object({
  reason: z.string(),
  declinedAt: z.iso.datetime(),
});

export const quoteViewSchema = z.object({
  viewedAt: z.iso.datetime(),
  durationSeconds: z.number().int(),
  /** "Phone · Safari on iOS": approximate, from the user agent. */
  device: z.string(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

/** One quote as its owner reads it. `status` is effective (an open quote past validity reads 'expired'). */
export const quoteSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  clientName: z.string(),
  status: quoteStatusSchema,
  statusChangedAt: z.iso.datetime(),
  statusHistory: z.array(quoteStatusEventSchema),
  currency: z.string(),
  validUntil: z.string(),
  document: quoteDocumentSchema,
  /** Requirements found in the RFP, kept so the coverage check can be re-run after edits. */
  requirements: z.array(quoteRequirementSchema),
  /** Requirement ids no scope entry, assumption or line names (empty when all are covered). */
  missingRequirementIds: z.array(z.string()),
  totals: quoteTotalsViewSchema,
  /** Bumped by every save; autosave sends it back so two tabs never overwrite each other. */
  version: z.number().int(),
  jobId: z.uuid().nullable(),
  responseId: z.uuid().nullable(),
  leadId: z.uuid().nullable(),
  templateId: z.uuid().nullable(),
  offline: z.boolean(),
  model: z.string().nullable(),
  share: quoteShareSchema.nullable(),
  acceptance: quoteAcceptanceSchema.nullable(),
  decline: quoteDeclineSchema.nullable(),
  /** Frozen after acceptance: no edit, restore or share change is taken. */
  locked: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  clientName: z.string(),
  status: quoteStatusSchema,
  statusChangedAt: z.iso.datetime(),
  currency: z.string(),
  totalMinor: z.number().int(),
  validUntil: z.string(),
  viewCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;

export const QUOTE_SORTS = ['updated', 'created', 'total', 'valid_until', 'title'] as const;

export const listQuotesQuerySchema = z.strictObject({
  status: quoteStatusSchema.optional(),
  q: searchTextSchema(200).optional(),
  sort: z.enum(QUOTE_SORTS).default('updated'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursorSchema.optional(),
});
export type ListQuotesQuery = z.input<typeof listQuotesQuerySchema>;

export const quoteListSchema = z.object({
  items: z.array(quoteListItemSchema),
  nextCursor: z.string().nullable(),
});

/** Count and value of the caller's quotes per effective status, one row per status and currency. */
export const quoteSummarySchema = z.object({
  rows: z.array(
    z.object({
      status: quoteStatusSchema,
      currency: z.string(),
      count: z.number().int(),
      totalMinor: z.number().int(),
    }),
  ),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

/** Autosave: the whole document and the version it was edited from (409 `version_conflict` if stale). */
export const updateQuoteBodySchema = z.strictObject({
  document: quoteDocumentSchema,
  baseVersion: z.number().int().min(0),
});
export type UpdateQuoteBody = z.input<typeof updateQuoteBodySchema>;

/** The owner marks a draft as sent (or back to draft); client-side statuses come from the share page. */
export const setQuoteStatusBodySchema = z.strictObject({
  status: z.enum(['draft', 'sent']),
});

export const quoteVersionSchema = z.object({
  number: z.number().int(),
  source: z.enum(['generated', 'edited', 'restored']),
  title: z.string(),
  totalMinor: z.number().int(),
  currency: z.string(),
  savedAt: z.iso.datetime(),
});
export type QuoteVersion = z.infer<typeof quoteVersionSchema>;
export const quoteVersionListSchema = z.object({ items: z.array(quoteVersionSchema) });

export const quoteIdParamsSchema = z.strictObject({ id: z.uuid() });
export const quoteVersionParamsSchema = z.strictObject({
  id: z.uuid(),
  number: z.coerce.number().int().min(1),
});

export const QUOTE_EXPORT_FORMATS = ['pdf', 'docx'] as const;
export const exportQuoteQuerySchema = z.strictObject({ format: z.enum(QUOTE_EXPORT_FORMATS) });

export const createShareBodySchema = z.strictObject({
  /** Last day the link opens (UTC); null for no expiry. */
  expiresOn: quoteDateSchema.nullable().default(null),
});

/** What the generate route takes: the RFP text (extracted first for uploads) and the pricing. */
export const RFP_TEXT_LIMIT = 200_000;
export const generateQuoteBodySchema = z.strictObject({
  rfpText: z
    .string()
    .trim()
    .min(40, 'Paste the RFP (at least a few sentences) or upload it as a PDF, DOCX or TXT file.')
    .max(RFP_TEXT_LIMIT, 'The RFP is longer than 200,000 characters. Paste the parts to price.'),
  rfpFileName: z.string().max(300).optional(),
  jobId: z.uuid().optional(),
  responseId: z.uuid().optional(),
  leadId: z.uuid().optional(),
  /** A quote template's id; absent lets the agent choose (the default quote template, if any). */
  templateId: z.uuid().optional(),
  currency: quoteCurrencySchema,
  /** The hourly rate in minor units of `currency`; null leaves an [Add: …] marker on each line. */
  rateMinor: z.number().int().min(0).max(QUOTE_AMOUNT_MAX).nullable(),
});
export type GenerateQuoteBody = z.input<typeof generateQuoteBodySchema>;

/** POST /api/quotes/rfp-text: the text of an uploaded RFP (PDF, DOCX or TXT). */
export const rfpTextSchema = z.object({
  text: z.string(),
  fileName: z.string(),
  kind: z.enum(['pdf', 'docx', 'txt']),
  pages: z.number().int().nullable(),
  characters: z.number().int(),
});
export type RfpText = z.infer<typeof rfpTextSchema>;

/** The quote agent's steps, streamed in order. */
export const QUOTE_AGENT_STEPS = [
  'reading',
  'requirements',
  'portfolio',
  'estimating',
  'checking',
] as const;
export const quoteAgentStepSchema = z.enum(QUOTE_AGENT_STEPS);

/** The events of POST /api/quotes/generate (text/event-stream; the event name is `type`). */
export const quoteGenerationEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('step'),
    data: z.object({
      step: quoteAgentStepSchema,
      state: z.enum(['started', 'done']),
      /** What the step found, for a person: "12 requirements", "3 portfolio items". */
      detail: z.string(),
    }),
  }),
  z.object({
    type: z.literal('quote'),
    data: z.object({
      quoteId: z.uuid(),
      offline: z.boolean(),
      missingRequirementIds: z.array(z.string()),
    }),
  }),
  z.object({
    type: z.literal('error'),
    data: z.object({ code: z.string(), message: z.string(), retryable: z.boolean() }),
  }),
  z.object({ type: z.literal('end'), data: z.object({ stopped: z.boolean() }) }),
]);
export type QuoteGenerationEvent = z.infer<typeof quoteGenerationEventSchema>;
