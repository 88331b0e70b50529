import { z } from 'zod';

import { cursorSchema, searchTextSchema } from './pagination.ts';

/** Browse Jobs contract: jobs, filters, scoring, manual entry, CSV import, saved searches. */

export const JOB_SOURCES = ['upwork', 'manual', 'csv'] as const;
export const jobSourceSchema = z.enum(JOB_SOURCES);
export type JobSource = z.infer<typeof jobSourceSchema>;

export const JOB_TYPES = ['fixed', 'hourly', 'unknown'] as const;
export const jobTypeSchema = z.enum(JOB_TYPES);
export type JobType = z.infer<typeof jobTypeSchema>;

export const EXPERIENCE_LEVELS = ['entry', 'intermediate', 'expert'] as const;
export const experienceLevelSchema = z.enum(EXPERIENCE_LEVELS);
export type ExperienceLevel = z.infer<typeof experienceLevelSchema>;

export const JOB_VERDICTS = ['apply', 'maybe', 'skip'] as const;
export const jobVerdictSchema = z.enum(JOB_VERDICTS);
export type JobVerdict = z.infer<typeof jobVerdictSchema>;

export const JOB_SORTS = ['newest', 'fit', 'budget'] as const;
export const jobSortSchema = z.enum(JOB_SORTS);
export type JobSort = z.infer<typeof jobSortSchema>;

export const POSTED_WITHIN = ['1h', '24h', '3d', '7d', '30d'] as const;
export const postedWithinSchema = z.enum(POSTED_WITHIN);
export type PostedWithin = z.infer<typeof postedWithinSchema>;
export const POSTED_WITHIN_MS: Record<PostedWithin, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '3d': 3 * 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export const screeningQuestionSchema = z.string().min(1).max(2000);
export type ScreeningQuestion = z.infer<typeof screeningQuestionSchema>;

export const SCORE_FACTORS = ['skills', 'rate', 'client', 'competition', 'recency'] as const;
export const scoreFactorSchema = z.enum(SCORE_FACTORS);
export type ScoreFactor = z.infer<typeof scoreFactorSchema>;

export const RED_FLAGS = [
  'payment_unverified',
  'no_hires',
  'new_client',
  'below_floor',
  'off_platform',
  'free_sample',
  'prompt_trap',
] as const;
export const redFlagCodeSchema = z.enum(RED_FLAGS);
export type RedFlagCode = z.infer<typeof redFlagCodeSchema>;

export const scoreReasonSchema = z.object({
  factor: scoreFactorSchema,
  points: z.number(),
  max: z.number(),
  text: z.string(),
});
export type ScoreReason = z.infer<typeof scoreReasonSchema>;

export const redFlagSchema = z.object({ code: redFlagCodeSchema, text: z.string() });
export type RedFlag = z.infer<typeof redFlagSchema>;

export const promptTrapSchema = z.object({ excerpt: z.string(), reason: z.string() });
export type PromptTrap = z.infer<typeof promptTrapSchema>;

/**
 * What a client asks a human reader to do to prove they read the post ("begin your reply with the
 * word orange"). Unlike a prompt trap it is followed: the draft starts with, includes, ends with
 * or answers what was asked.
 */
export const CLIENT_ASK_KINDS = ['start_with', 'include', 'end_with', 'answer'] as const;
export const clientAskKindSchema = z.enum(CLIENT_ASK_KINDS);
export type ClientAskKind = z.infer<typeof clientAskKindSchema>;

export const clientAskSchema = z.object({
  kind: clientAskKindSchema,
  /** The word or phrase to use, or (for `answer`) what the client wants to know. */
  value: z.string(),
  /** Shown after "The client asks: ", e.g. "start with 'orange'". */
  label: z.string(),
  /** The sentence of the post that asks it. */
  excerpt: z.string(),
});
export type ClientAsk = z.infer<typeof clientAskSchema>;

/** How the job panel words a client's ask. */
export const clientAskText = (ask: Pick<ClientAsk, 'label'>) => `The client asks: ${ask.label}`;

export const jobScoreDetailsSchema = z.object({
  fit: z.number().int().min(0).max(100),
  verdict: jobVerdictSchema,
  /** Expected value per Connect spent, minor units of the job's currency. */
  worthPerConnectMinor: z.number().int(),
  /** Estimated chance of winning, 0..1. */
  winProbability: z.number(),
  /**
   * The built-in model's chance before the user's own hire rates were blended in; present only
   * when they were (winProbability is then the blend). Response analytics compares the two.
   */
  modelWinProbability: z.number().optional(),
  /** Sends the user's own hire rate for this fit came from, when it was blended in. */
  ownRateSends: z.number().int().optional(),
  connectsCost: z.number().int(),
  reasons: z.array(scoreReasonSchema),
  flags: z.array(redFlagSchema),
  traps: z.array(promptTrapSchema),
  /** Read-check instructions from the client to a human reader; followed by the drafts. */
  asks: z.array(clientAskSchema),
  summary: z.string(),
});
export type JobScoreDetails = z.infer<typeof jobScoreDetailsSchema>;

export const jobClientSchema = z.object({
  paymentVerified: z.boolean().nullable(),
  totalSpentMinor: z.number().int().nullable(),
  hires: z.number().int().nullable(),
  jobsPosted: z.number().int().nullable(),
  reviews: z.number().int().nullable(),
  rating: z.number().nullable(),
  country: z.string().nullable(),
  memberSince: z.iso.datetime().nullable(),
});
export type JobClient = z.infer<typeof jobClientSchema>;

export const jobSchema = z.object({
  id: z.uuid(),
  source: jobSourceSchema,
  externalId: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  jobType: jobTypeSchema,
  currency: z.string(),
  budgetMinMinor: z.number().int().nullable(),
  budgetMaxMinor: z.number().int().nullable(),
  hourlyMinMinor: z.number().int().nullable(),
  hourlyMaxMinor: z.number().int().nullable(),
  experienceLevel: experienceLevelSchema.nullable(),
  category: z.string().nullable(),
  skills: z.array(z.string()),
  screeningQuestions: z.array(z.string()),
  client: jobClientSchema,
  proposalsCount: z.number().int().nullable(),
  postedAt: z.iso.datetime().nullable(),
  fetchedAt: z.iso.datetime(),
  hiddenAt: z.iso.datetime().nullable(),
  appliedAt: z.iso.datetime().nullable(),
  score: jobScoreDetailsSchema.nullable(),
});
export type Job = z.infer<typeof jobSchema>;

// ---------------------------------------------------------------------------------------------
// Filters. Money filters are minor units, like every amount in the API.

const MAX_MINOR = 1_000_000_000_00;
const minor = z.number().int().min(0).max(MAX_MINOR);
const count = z.number().int().min(0).max(1_000_000);

/** The filters of a search, as stored in a saved search and sent (flattened) in the list query. */
export const jobFiltersSchema = z.strictObject({
  q: searchTextSchema(300).optional(),
  jobType: z.enum(['fixed', 'hourly']).optional(),
  budgetMin: minor.optional(),
  budgetMax: minor.optional(),
  hourlyMin: minor.optional(),
  hourlyMax: minor.optional(),
  experience: z.array(experienceLevelSchema).max(3).optional(),
  paymentVerified: z.boolean().optional(),
  clientSpentMin: minor.optional(),
  clientHiresMin: count.optional(),
  countries: z.array(z.string().trim().min(1).max(80)).max(50).optional(),
  proposalsMax: count.optional(),
  postedWithin: postedWithinSchema.optional(),
  skills: z.array(z.string().trim().min(1).max(80)).max(30).optional(),
  minScore: z.number().int().min(0).max(100).optional(),
  verdict: jobVerdictSchema.optional(),
  source: jobSourceSchema.optional(),
  /** True: only the jobs the user hid (to find and unhide them). */
  hidden: z.boolean().optional(),
  sort: jobSortSchema.optional(),
});
export type JobFilters = z.infer<typeof jobFiltersSchema>;

/** What each filter is called on screen, so a refused value is named in the user's words. */
export const JOB_FILTER_LABELS = {
  q: 'Search words',
  jobType: 'Job type',
  budgetMin: 'Minimum budget',
  budgetMax: 'Maximum budget',
  hourlyMin: 'Minimum hourly rate',
  hourlyMax: 'Maximum hourly rate',
  experience: 'Experience level',
  paymentVerified: 'Payment verified',
  clientSpentMin: 'Client spent',
  clientHiresMin: 'Client hires',
  countries: 'Client countries',
  proposalsMax: 'Proposals',
  postedWithin: 'Posted within',
  skills: 'Skills',
  minScore: 'Minimum fit',
  verdict: 'Verdict',
  source: 'Source',
  hidden: 'Hidden',
  sort: 'Sort',
} as const satisfies Record<keyof JobFilters, string>;

/** Query strings carry text: lists are comma-separated, booleans are 'true'/'false'. */
const csvList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .union([z.string().max(2000), z.array(z.string().max(200)).max(max)])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(','))
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(item).max(max, { message: `At most ${max} values` }));
const intParam = (max: number, label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int({ message: `${label} must be a whole number` })
    .min(0, { message: `${label} cannot be negative` })
    .max(max, { message: `${label} is too large` });
const boolParam = z
  .enum(['true', 'false'], { message: "Use 'true' or 'false'" })
  .transform((v) => v === 'true');

export const listJobsQuerySchema = z.strictObject({
  q: searchTextSchema(300).optional(),
  jobType: z.enum(['fixed', 'hourly'], { message: "jobType is 'fixed' or 'hourly'" }).optional(),
  budgetMin: intParam(MAX_MINOR, JOB_FILTER_LABELS.budgetMin).optional(),
  budgetMax: intParam(MAX_MINOR, JOB_FILTER_LABELS.budgetMax).optional(),
  hourlyMin: intParam(MAX_MINOR, JOB_FILTER_LABELS.hourlyMin).optional(),
  hourlyMax: intParam(MAX_MINOR, JOB_FILTER_LABELS.hourlyMax).optional(),
  experience: csvList(experienceLevelSchema, 3).optional(),
  paymentVerified: boolParam.optional(),
  clientSpentMin: intParam(MAX_MINOR, JOB_FILTER_LABELS.clientSpentMin).optional(),
  clientHiresMin: intParam(1_000_000, JOB_FILTER_LABELS.clientHiresMin).optional(),
  countries: csvList(z.string().min(1).max(80), 50).optional(),
  proposalsMax: intParam(1_000_000, JOB_FILTER_LABELS.proposalsMax).optional(),
  postedWithin: postedWithinSchema.optional(),
  skills: csvList(z.string().min(1).max(80), 30).optional(),
  minScore: intParam(100, JOB_FILTER_LABELS.minScore).optional(),
  verdict: jobVerdictSchema.optional(),
  source: jobSourceSchema.optional(),
  sort: jobSortSchema.default('newest'),
  /** 'true': only hidden jobs. */
  hidden: boolParam.optional(),
  includeHidden: boolParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: cursorSchema.optional(),
});
export type ListJobsQuery = z.input<typeof listJobsQuerySchema>;
export type ParsedListJobsQuery = z.output<typeof listJobsQuerySchema>;

export const jobIdParamsSchema = z.strictObject({
  id: z.uuid({ message: 'Job id must be a UUID' }),
});

export const updateJobBodySchema = z
  .strictObject({
    hidden: z.boolean().optional(),
    applied: z.boolean().optional(),
  })
  .refine((body) => body.hidden !== undefined || body.applied !== undefined, {
    message: 'Send hidden or applied',
  });
export type UpdateJobBody = z.infer<typeof updateJobBodySchema>;

// ---------------------------------------------------------------------------------------------
// Manual entry and CSV import

export const UPWORK_JOB_URL_PATTERN =
  /^https:\/\/(www\.)?upwork\.com\/(jobs|freelance-jobs\/apply)\/[^\s]+$/i;

export const manualJobBodySchema = z.strictObject({
  url: z
    .string()
    .trim()
    .max(500)
    .refine((url) => url === '' || /^https?:\/\/\S+$/i.test(url), {
      message: 'The job link must start with http:// or https://',
    })
    .optional(),
  text: z
    .string()
    .trim()
    .min(20, { message: "Paste the job's text (at least 20 characters)" })
    .max(50_000, { message: 'The job text must be at most 50,000 characters' }),
});
export type ManualJobBody = z.infer<typeof manualJobBodySchema>;

/** What the parser found in pasted text, before it is saved. */
export const parsedJobSchema = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  jobType: jobTypeSchema,
  currency: z.string(),
  budgetMinMinor: z.number().int().nullable(),
  budgetMaxMinor: z.number().int().nullable(),
  hourlyMinMinor: z.number().int().nullable(),
  hourlyMaxMinor: z.number().int().nullable(),
  experienceLevel: experienceLevelSchema.nullable(),
  skills: z.array(z.string()),
  screeningQuestions: z.array(z.string()),
  client: jobClientSchema,
  proposalsCount: z.number().int().nullable(),
  postedAt: z.iso.datetime().nullable(),
});
export type ParsedJob = z.infer<typeof parsedJobSchema>;

export const parseJobResultSchema = z.object({
  job: parsedJobSchema,
  score: jobScoreDetailsSchema,
});

export const CSV_IMPORT_MAX_ROWS = 5000;
export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const csvImportBodySchema = z.strictObject({
  csv: z
    .string()
    .min(1, { message: 'The CSV file is empty' })
    .max(CSV_IMPORT_MAX_BYTES, { message: 'The CSV file must be at most 5 MB' }),
  dryRun: z.boolean().default(false),
});
export type CsvImportBody = z.input<typeof csvImportBodySchema>;

export const csvImportRowSchema = z.object({
  row: z.number().int(),
  ok: z.boolean(),
  title: z.string().nullable(),
  errors: z.array(z.string()),
});
export type CsvImportRow = z.infer<typeof csvImportRowSchema>;

export const csvImportResultSchema = z.object({
  rows: z.array(csvImportRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  dryRun: z.boolean(),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

/** The CSV columns the importer reads (header names, case-insensitive). */
export const CSV_COLUMNS = [
  'title',
  'description',
  'url',
  'job_type',
  'budget',
  'hourly_min',
  'hourly_max',
  'currency',
  'experience_level',
  'skills',
  'screening_questions',
  'client_payment_verified',
  'client_total_spent',
  'client_hires',
  'client_country',
  'proposals',
  'posted_at',
] as const;
