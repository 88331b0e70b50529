import { z } from 'zod';

import { cursorSchema, searchTextSchema } from './pagination.ts';

/**
 * The leads API (/api/leads, every signed-in user): the opportunity from the client's first reply
 * to a won contract. A lead links its job, responses, quotes and message room; every stage change
 * and linked event is kept in its timeline (lead_events) because analytics reads the history.
 */

export const LEAD_STAGES = [
  'new',
  'contacted',
  'qualified',
  'proposal',
  'negotiation',
  'won',
  'lost',
] as const;
export const leadStageSchema = z.enum(LEAD_STAGES);
export type LeadStage = z.infer<typeof leadStageSchema>;

/** Column titles of the board, in order. */
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  proposal: 'Proposal',
  negotiation: 'Negotiation',
  won: 'Won',
  lost: 'Lost',
};

export const LEAD_SOURCES = ['upwork', 'referral', 'direct', 'other'] as const;
export const leadSourceSchema = z.enum(LEAD_SOURCES);
export type LeadSource = z.infer<typeof leadSourceSchema>;

/** The probability a new lead gets at each stage, until the user sets one. */
export const STAGE_PROBABILITY: Record<LeadStage, number> = {
  new: 10,
  contacted: 20,
  qualified: 40,
  proposal: 60,
  negotiation: 80,
  won: 100,
  lost: 0,
};

export const LEAD_NAME_MAX = 120;
export const LEAD_NOTE_MAX = 5000;
export const LEAD_TAG_MAX = 40;
export const LEAD_TAGS_MAX = 20;
/** The largest value a lead, contract or transaction may carry, in minor units (1e12 = 10 billion). */
export const MONEY_MINOR_MAX = 1_000_000_000_000;

export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'currency must be a 3-letter ISO code such as USD' });

/** A calendar day, yyyy-mm-dd. */
export const isoDateSchema = z.iso.date({ message: 'Use a date as yyyy-mm-dd' });

const nameText = (label: string, max = LEAD_NAME_MAX) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` });

export const leadTagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { message: 'A tag cannot be empty' })
      .max(LEAD_TAG_MAX, { message: `A tag must be at most ${LEAD_TAG_MAX} characters` }),
  )
  .max(LEAD_TAGS_MAX, { message: `At most ${LEAD_TAGS_MAX} tags` });

/** What a lead links to; the title is a snapshot so the link reads right after the target goes. */
export const LEAD_LINK_KINDS = ['job', 'response', 'quote', 'room'] as const;
export const leadLinkKindSchema = z.enum(LEAD_LINK_KINDS);
export type LeadLinkKind = z.infer<typeof leadLinkKindSchema>;
export const leadLinkSchema = z.object({
  kind: leadLinkKindSchema,
  targetId: z.uuid(),
  title: z.string(),
  createdAt: z.iso.datetime(),
});
export type LeadLink = z.infer<typeof leadLinkSchema>;

export const leadSchema = z.object({
  id: z.uuid(),
  contactName: z.string(),
  company: z.string(),
  email: z.string(),
  /** The client's Upwork id, when the lead came from Upwork (duplicates are found by it). */
  upworkClientId: z.string().nullable(),
  source: leadSourceSchema,
  stage: leadStageSchema,
  stageChangedAt: z.iso.datetime(),
  /** Order inside its board column: smaller first. */
  position: z.number(),
  valueMinor: z.number().int(),
  currency: z.string(),
  /** 0 to 100. */
  probability: z.number().int(),
  nextAction: z.string(),
  nextActionDue: z.iso.datetime().nullable(),
  tags: z.array(z.string()),
  jobId: z.uuid().nullable(),
  jobTitle: z.string(),
  roomId: z.uuid().nullable(),
  clientId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Lead = z.infer<typeof leadSchema>;

export const LEAD_EVENT_KINDS = [
  'created',
  'stage',
  'note',
  'updated',
  'linked',
  'message',
  'converted',
] as const;
export const leadEventKindSchema = z.enum(LEAD_EVENT_KINDS);
export type LeadEventKind = z.infer<typeof leadEventKindSchema>;

/** One entry of the notes timeline, newest first. */
export const leadEventSchema = z.object({
  id: z.uuid(),
  kind: leadEventKindSchema,
  fromStage: leadStageSchema.nullable(),
  toStage: leadStageSchema.nullable(),
  /** The note itself, or a sentence saying what happened ("Linked response: …"). */
  body: z.string(),
  link: leadLinkSchema.pick({ kind: true, targetId: true }).nullable(),
  at: z.iso.datetime(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

export const CONTRACT_TYPES = ['fixed', 'hourly'] as const;
export const contractTypeSchema = z.enum(CONTRACT_TYPES);
export type ContractType = z.infer<typeof contractTypeSchema>;

export const clientContractSchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  leadId: z.uuid().nullable(),
  title: z.string(),
  type: contractTypeSchema,
  /** Hourly rate (hourly) or the whole amount (fixed), in minor units. */
  amountMinor: z.number().int(),
  currency: z.string(),
  startDate: z.string(),
  upworkContractId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ClientContract = z.infer<typeof clientContractSchema>;

export const clientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  leadId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type Client = z.infer<typeof clientSchema>;

export const leadDetailSchema = z.object({
  lead: leadSchema,
  links: z.array(leadLinkSchema),
  events: z.array(leadEventSchema),
  client: clientSchema.nullable(),
  contracts: z.array(clientContractSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

const moneyMinor = z
  .number()
  .int({ message: 'Use a whole number of minor units' })
  .min(0, { message: 'The value cannot be negative' })
  .max(MONEY_MINOR_MAX, { message: 'The value is too large' });

export const createLeadBodySchema = z.strictObject({
  contactName: nameText('The contact name').min(1, { message: 'Enter the contact name' }),
  company: nameText('The company').default(''),
  email: z.union([z.literal(''), z.email({ message: 'Enter a valid email address' })]).default(''),
  upworkClientId: z.string().trim().max(100).nullable().default(null),
  source: leadSourceSchema.default('other'),
  stage: leadStageSchema.default('new'),
  valueMinor: moneyMinor.default(0),
  currency: currencyCodeSchema.default('USD'),
  probability: z.number().int().min(0).max(100).optional(),
  nextAction: nameText('The next action', 200).default(''),
  nextActionDue: z.iso.datetime({ message: 'Use an ISO date and time' }).nullable().default(null),
  tags: leadTagsSchema.default([]),
  jobId: z.uuid().nullable().default(null),
});
export type CreateLeadBody = z.input<typeof createLeadBodySchema>;

/** Every field optional; `stage` moves the lead (and records the change). */
export const updateLeadBodySchema = createLeadBodySchema
  .omit({ jobId: true })
  .partial()
  .extend({ probability: z.number().int().min(0).max(100).optional() })
  .strict();
export type UpdateLeadBody = z.input<typeof updateLeadBodySchema>;

/** A board move: the new stage and the lead it lands before (null: the end of the column). */
export const moveLeadBodySchema = z.strictObject({
  stage: leadStageSchema,
  beforeId: z.uuid().nullable().default(null),
});
export type MoveLeadBody = z.input<typeof moveLeadBodySchema>;

export const addLeadNoteBodySchema = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, { message: 'Write the note first' })
    .max(LEAD_NOTE_MAX, { message: `A note must be at most ${LEAD_NOTE_MAX} characters` }),
});

/** Won -> a client with its contract. */
export const convertLeadBodySchema = z.strictObject({
  clientName: nameText('The client name').min(1, { message: 'Enter the client name' }),
  contractTitle: nameText('The contract title', 200).min(1, {
    message: 'Enter the contract title',
  }),
  type: contractTypeSchema,
  amountMinor: moneyMinor.refine((value) => value > 0, {
    message: 'Enter the rate or amount',
  }),
  currency: currencyCodeSchema,
  startDate: isoDateSchema,
  /** The Upwork contract this is, so synced payments are attributed to it. */
  upworkContractId: z.string().trim().max(100).nullable().default(null),
});
export type ConvertLeadBody = z.input<typeof convertLeadBodySchema>;

export const LEAD_SORTS = ['updated', 'created', 'value', 'due', 'name', 'stage'] as const;

export const listLeadsQuerySchema = z.strictObject({
  q: searchTextSchema().optional(),
  stage: leadStageSchema.optional(),
  source: leadSourceSchema.optional(),
  tag: z.string().trim().max(LEAD_TAG_MAX).optional(),
  /** Only leads whose next action is due by now. */
  due: z.enum(['true', 'false']).optional(),
  sort: z.enum(LEAD_SORTS).default('updated'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: cursorSchema.optional(),
});
export type ListLeadsQuery = z.input<typeof listLeadsQuerySchema>;

export const leadListSchema = z.object({
  items: z.array(leadSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});

/**
 * The board: every column's leads (filtered like the list), each column capped at `perStage`
 * with its full count and value, so 10,000 leads never ship at once.
 */
export const boardQuerySchema = listLeadsQuerySchema
  .omit({ sort: true, dir: true, limit: true, cursor: true, stage: true })
  .extend({ perStage: z.coerce.number().int().min(1).max(500).default(100) })
  .strict();
export const boardColumnSchema = z.object({
  stage: leadStageSchema,
  count: z.number().int(),
  /** Sum of values by currency, in minor units. */
  totals: z.array(z.object({ currency: z.string(), valueMinor: z.number().int() })),
  items: z.array(leadSchema),
});
export const leadBoardSchema = z.object({ columns: z.array(boardColumnSchema) });
export type LeadBoard = z.infer<typeof leadBoardSchema>;

/** CSV import: the same file is previewed (dryRun) and then imported; rows with errors are skipped. */
export const LEAD_CSV_COLUMNS = [
  'contact_name',
  'company',
  'email',
  'upwork_client_id',
  'source',
  'stage',
  'value',
  'currency',
  'probability',
  'next_action',
  'next_action_due',
  'tags',
] as const;
export const LEAD_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const LEAD_CSV_MAX_ROWS = 5000;

/** Bytes of the text once encoded as UTF-8 (the size of the file the user chose). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The file's text (the SPA reads it with File.text()); dryRun answers the preview only. */
export const leadImportBodySchema = z.strictObject({
  csv: z
    .string()
    .min(1, { message: 'The CSV file is empty' })
    .refine((csv) => csv.length <= LEAD_CSV_MAX_BYTES && utf8Bytes(csv) <= LEAD_CSV_MAX_BYTES, {
      message: `The CSV file must be at most ${LEAD_CSV_MAX_BYTES / (1024 * 1024)} MB`,
    }),
  dryRun: z.boolean().default(false),
});
export type LeadImportBody = z.input<typeof leadImportBodySchema>;

export const csvRowIssueSchema = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number().int(),
  messages: z.array(z.string()),
});
export const leadImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  valid: z.number().int(),
  imported: z.number().int(),
  errors: z.array(csvRowIssueSchema),
  /** Rows matching a lead already there (same email or Upwork id), or an earlier row of the file. */
  duplicates: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  preview: z.array(
    leadSchema.pick({
      contactName: true,
      company: true,
      email: true,
      stage: true,
      valueMinor: true,
      currency: true,
    }),
  ),
});
export type LeadImportResult = z.infer<typeof leadImportResultSchema>;

export const leadIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A link the user adds by hand: a quote or a response of theirs. */
export const addLeadLinkBodySchema = z.strictObject({
  kind: z.enum(['quote', 'response']),
  targetId: z.uuid({ message: 'Choose a quote or response to link' }),
});
export type AddLeadLinkBody = z.input<typeof addLeadLinkBodySchema>;

/** Every tag the user's leads carry, for the filter. */
export const leadTagListSchema = z.object({ tags: z.array(z.string()) });

/** One of the user's Upwork contracts, as the convert dialog offers them to prefill. */
export const upworkContractOptionSchema = z.object({
  id: z.string(),
  title: z.string(),
  clientName: z.string(),
  type: contractTypeSchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  startDate: z.string().nullable(),
});
export type UpworkContractOption = z.infer<typeof upworkContractOptionSchema>;
export const upworkContractOptionListSchema = z.object({
  items: z.array(upworkContractOptionSchema),
});
