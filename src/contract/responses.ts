import { z } from 'zod';

import { cursorSchema, searchTextSchema } from './pagination.ts';
import { lengthSchema, toneSchema, type ResponseLength } from './profile.ts';

/** Tone and length are the profile's values: one list, re-exported for response requests. */
export {
  LENGTHS,
  TONES,
  lengthSchema,
  toneSchema,
  type ResponseLength,
  type Tone,
} from './profile.ts';

/** Upwork's cover-letter limit, in characters. */
export const COVER_LETTER_LIMIT = 5000;

export const RESPONSE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'replied',
  'interview',
  'hired',
  'declined',
  'archived',
] as const;
export const responseStatusSchema = z.enum(RESPONSE_STATUSES);
export type ResponseStatus = z.infer<typeof responseStatusSchema>;

/** How the text came to be: still streaming, finished, stopped by the user, or failed. */
export const GENERATION_STATES = ['pending', 'complete', 'stopped', 'failed'] as const;
export const generationStateSchema = z.enum(GENERATION_STATES);
export type GenerationState = z.infer<typeof generationStateSchema>;

/**
 * Character targets per length: about 600, 1,200 and 2,000, with the range a draft should land
 * in (all within the cover-letter limit).
 */
export const LENGTH_TARGETS: Record<ResponseLength, { target: number; min: number; max: number }> =
  {
    short: { target: 600, min: 400, max: 850 },
    medium: { target: 1200, min: 900, max: 1600 },
    long: { target: 2000, min: 1600, max: 2700 },
  };

export const VARIANTS = ['A', 'B'] as const;
export const variantSchema = z.enum(VARIANTS);
export type Variant = z.infer<typeof variantSchema>;

export const IMPROVE_ACTIONS = ['shorter', 'warmer', 'more_specific', 'add_question'] as const;
export const improveActionSchema = z.enum(IMPROVE_ACTIONS);
export type ImproveAction = z.infer<typeof improveActionSchema>;
export const IMPROVE_ACTION_LABELS: Record<ImproveAction, string> = {
  shorter: 'Shorter',
  warmer: 'Warmer',
  more_specific: 'More specific',
  add_question: 'Add a question',
};

export const JOB_TEXT_MAX = 20_000;

export const generateResponseBodySchema = z
  .strictObject({
    jobId: z.uuid().optional(),
    jobText: z.string().trim().max(JOB_TEXT_MAX).optional(),
    jobUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    /** A template id, or omitted to let the agent choose. */
    templateId: z.uuid().optional(),
    tone: toneSchema.default('professional'),
    length: lengthSchema.default('medium'),
    variants: z.union([z.literal(1), z.literal(2)]).default(1),
    /**
     * The drafts of the previous run on the same screen. Once this run finishes they are deleted,
     * unless the user edited, restored or sent them: generating again replaces, never piles up.
     */
    replaces: z.array(z.uuid()).max(2).optional(),
  })
  .refine((body) => Boolean(body.jobId) || (body.jobText ?? '').length >= 20, {
    message: 'Choose a job or paste its text (at least 20 characters)',
    path: ['jobText'],
  });
export type GenerateResponseBody = z.input<typeof generateResponseBodySchema>;

export const checkResultSchema = z.object({
  id: z.enum([
    'specific',
    'question',
    'length',
    'screening',
    'claims',
    'traps',
    'off_platform',
    'asks',
    'empty',
    'variables',
    'markers',
  ]),
  label: z.string(),
  passed: z.boolean(),
  fixed: z.boolean(),
  detail: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const citationSchema = z.object({ portfolioItemId: z.uuid(), title: z.string() });
export type Citation = z.infer<typeof citationSchema>;

export const usageSchema = z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
});

/** Events of the generate and improve streams (server-sent events, `event:` = type). */
export const generationEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    data: z.object({
      offline: z.boolean(),
      model: z.string(),
      variants: z.array(variantSchema),
      responseIds: z.record(z.string(), z.uuid()),
    }),
  }),
  z.object({
    type: z.literal('step'),
    data: z.object({
      variant: variantSchema,
      id: z.string(),
      label: z.string(),
      status: z.enum(['running', 'done', 'failed']),
      detail: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal('text'),
    data: z.object({ variant: variantSchema, step: z.number().int(), delta: z.string() }),
  }),
  z.object({
    type: z.literal('checks'),
    data: z.object({ variant: variantSchema, checks: z.array(checkResultSchema) }),
  }),
  z.object({
    type: z.literal('done'),
    data: z.object({
      variant: variantSchema,
      responseId: z.uuid().nullable(),
      text: z.string(),
      offline: z.boolean(),
      model: z.string(),
      promptVersion: z.string(),
      usage: usageSchema,
      latencyMs: z.number().int(),
      costMicros: z.number().int(),
      citations: z.array(citationSchema),
      templateId: z.uuid().nullable(),
    }),
  }),
  z.object({
    type: z.literal('error'),
    data: z.object({
      variant: variantSchema.optional(),
      code: z.string(),
      message: z.string(),
      retryable: z.boolean(),
      responseId: z.uuid().nullable(),
    }),
  }),
  z.object({ type: z.literal('end'), data: z.object({ stopped: z.boolean() }) }),
]);
export type GenerationEvent = z.infer<typeof generationEventSchema>;

/** A link the SPA renders as a link: http(s) only, so `javascript:` and `data:` never get in. */
export const webUrlSchema = z
  .url({ protocol: /^https?$/, message: 'The job link must be an http:// or https:// address' })
  .max(2000);

export const jobSnapshotSchema = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  skills: z.array(z.string()),
  screeningQuestions: z.array(z.string()),
  clientName: z.string().nullable(),
  budget: z.string().nullable(),
});
export type JobSnapshot = z.infer<typeof jobSnapshotSchema>;

export const responseSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid().nullable(),
  job: jobSnapshotSchema,
  templateId: z.uuid().nullable(),
  templateName: z.string().nullable(),
  generationId: z.uuid().nullable(),
  variant: variantSchema,
  status: responseStatusSchema,
  statusChangedAt: z.iso.datetime(),
  generation: generationStateSchema,
  generationError: z.string().nullable(),
  text: z.string(),
  tone: toneSchema,
  length: lengthSchema,
  bidMinor: z.number().int().nullable(),
  currency: z.string(),
  connects: z.number().int().nullable(),
  fitScoreAtSend: z.number().int().nullable(),
  offline: z.boolean(),
  model: z.string().nullable(),
  promptVersion: z.string().nullable(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  costMicros: z.number().int(),
  latencyMs: z.number().int().nullable(),
  checks: z.array(checkResultSchema),
  citations: z.array(citationSchema),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Response = z.infer<typeof responseSchema>;

export const RESPONSE_SORTS = [
  'createdAt',
  'updatedAt',
  'status',
  'bid',
  'connects',
  'fit',
] as const;

export const listResponsesQuerySchema = z.strictObject({
  status: responseStatusSchema.optional(),
  variant: variantSchema.optional(),
  templateId: z.uuid().optional(),
  jobId: z.uuid().optional(),
  q: searchTextSchema(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  sort: z.enum(RESPONSE_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursorSchema.optional(),
});
export type ListResponsesQuery = z.input<typeof listResponsesQuerySchema>;
export type ListResponsesParams = z.output<typeof listResponsesQuerySchema>;

export const exportResponsesQuerySchema = listResponsesQuerySchema
  .omit({ limit: true, cursor: true })
  .extend({ ids: z.string().max(4000).optional() });
export type ExportResponsesQuery = z.input<typeof exportResponsesQuerySchema>;
export type ExportResponsesParams = z.output<typeof exportResponsesQuerySchema>;

export const responseListSchema = z.object({
  items: z.array(responseSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type ResponseList = z.infer<typeof responseListSchema>;

const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO code such as USD');

export const createResponseBodySchema = z.strictObject({
  jobId: z.uuid().optional(),
  job: jobSnapshotSchema
    .partial()
    .extend({ title: z.string().trim().min(1).max(300), url: webUrlSchema.nullable().optional() })
    .optional(),
  templateId: z.uuid().optional(),
  text: z.string().max(50_000),
  variant: variantSchema.default('A'),
  tone: toneSchema.default('professional'),
  length: lengthSchema.default('medium'),
});
export type CreateResponseBody = z.input<typeof createResponseBodySchema>;

export const updateResponseBodySchema = z
  .strictObject({
    text: z
      .string()
      .max(50_000)
      .refine((text) => text.trim() !== '', {
        message: 'The response is empty. Write something before saving.',
      })
      .optional(),
    /** Why the text changed, kept with the version: a manual edit or an accepted improvement. */
    source: z.enum(['edit', 'shorter', 'warmer', 'more_specific', 'add_question']).optional(),
    bidMinor: z.number().int().min(0).max(100_000_000).nullable().optional(),
    currency: currencySchema.optional(),
    connects: z.number().int().min(0).max(500).nullable().optional(),
    fitScoreAtSend: z.number().int().min(0).max(100).nullable().optional(),
    templateId: z.uuid().nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });
export type UpdateResponseBody = z.input<typeof updateResponseBodySchema>;

export const setResponseStatusBodySchema = z.strictObject({ status: responseStatusSchema });

export const responseStatusEventSchema = z.object({
  id: z.uuid(),
  fromStatus: responseStatusSchema.nullable(),
  toStatus: responseStatusSchema,
  createdAt: z.iso.datetime(),
});

export const responseVersionSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  text: z.string(),
  source: z.string(),
  createdAt: z.iso.datetime(),
});
export type ResponseVersion = z.infer<typeof responseVersionSchema>;

export const responseHistorySchema = z.object({
  versions: z.array(responseVersionSchema),
  statusEvents: z.array(responseStatusEventSchema),
});
export type ResponseHistory = z.infer<typeof responseHistorySchema>;

export const improveBodySchema = z.strictObject({
  action: improveActionSchema,
  /** The text in the editor, which may be ahead of the saved text. */
  text: z.string().min(1).max(50_000),
});
export type ImproveBody = z.input<typeof improveBodySchema>;

export const responseIdParamsSchema = z.strictObject({ id: z.uuid() });
export const versionParamsSchema = z.strictObject({ id: z.uuid(), versionId: z.uuid() });
