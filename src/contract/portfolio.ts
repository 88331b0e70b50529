import { z } from 'zod';

import { cursorSchema } from './pagination.ts';

/**
 * Portfolio (docs/product.md, Portfolio): case studies with files, searched by words and by
 * meaning. Shared by the SPA and the API; the response agent reads the same shapes.
 */

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/** What the API accepts, by content (magic bytes) and by extension; both must agree. */
export const PORTFOLIO_FILE_TYPES = [
  { mime: 'image/png', extensions: ['png'], label: 'PNG' },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG' },
  { mime: 'image/webp', extensions: ['webp'], label: 'WebP' },
  { mime: 'image/gif', extensions: ['gif'], label: 'GIF' },
  { mime: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
] as const;
export type PortfolioFileMime = (typeof PORTFOLIO_FILE_TYPES)[number]['mime'];
export const PORTFOLIO_FILE_ACCEPT = PORTFOLIO_FILE_TYPES.flatMap((type) =>
  type.extensions.map((ext) => `.${ext}`),
).join(',');
export const PORTFOLIO_FILE_TYPES_LABEL = 'PNG, JPEG, WebP, GIF or PDF';
/** Files per item: enough for a case study, few enough to stay a case study. */
export const PORTFOLIO_MAX_FILES_PER_ITEM = 20;

export const portfolioFileSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  originalName: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasThumbnail: z.boolean(),
  /** Characters of text extracted from a PDF (0 for images or scanned PDFs). */
  textChars: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type PortfolioFile = z.infer<typeof portfolioFileSchema>;

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

/** PostgreSQL text cannot hold NUL, so it is dropped at the edge rather than failing later. */
const withoutNul = (value: string) => value.split('\u0000').join('');
const trimmed = (max: number, required?: string) => {
  const base = z
    .string()
    .trim()
    .max(max, { message: `at most ${max} characters` });
  return (required ? base.min(1, { message: required }) : base).transform(withoutNul);
};
const optionalText = (max: number) =>
  trimmed(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const portfolioLinkSchema = z.strictObject({
  label: optionalText(120),
  url: z
    .url({ protocol: /^https?$/, message: 'Links must be http:// or https:// addresses' })
    .max(2_000),
});
export type PortfolioLink = z.infer<typeof portfolioLinkSchema>;

export const portfolioMetricSchema = z.strictObject({
  label: trimmed(120, 'Give the number a label, e.g. "conversion rate"'),
  value: z.number().finite().min(-1e12).max(1e12),
  unit: optionalText(24),
});
export type PortfolioMetric = z.infer<typeof portfolioMetricSchema>;

const skillSchema = trimmed(60, 'A skill cannot be empty');

/** YYYY-MM-DD, a real calendar date. */
const dateOnly = z.iso.date({ message: 'Use a date like 2025-06-30' });

export const PORTFOLIO_LIMITS = {
  title: 200,
  description: 20_000,
  results: 10_000,
  role: 120,
  industry: 120,
  skills: 40,
  links: 20,
  metrics: 20,
} as const;

const itemFields = {
  title: trimmed(PORTFOLIO_LIMITS.title, 'Give the item a title'),
  description: trimmed(PORTFOLIO_LIMITS.description).default(''),
  role: optionalText(PORTFOLIO_LIMITS.role),
  skills: z
    .array(skillSchema)
    .max(PORTFOLIO_LIMITS.skills, { message: `At most ${PORTFOLIO_LIMITS.skills} skills` })
    .default([])
    .transform(dedupeCaseInsensitive),
  industry: optionalText(PORTFOLIO_LIMITS.industry),
  results: trimmed(PORTFOLIO_LIMITS.results).default(''),
  resultMetrics: z
    .array(portfolioMetricSchema)
    .max(PORTFOLIO_LIMITS.metrics, { message: `At most ${PORTFOLIO_LIMITS.metrics} numbers` })
    .default([]),
  links: z
    .array(portfolioLinkSchema)
    .max(PORTFOLIO_LIMITS.links, { message: `At most ${PORTFOLIO_LIMITS.links} links` })
    .default([]),
  date: dateOnly.nullish().transform((value) => value ?? null),
};

export const createPortfolioItemBodySchema = z.strictObject(itemFields);
export type CreatePortfolioItemBody = z.input<typeof createPortfolioItemBodySchema>;
export type CreatePortfolioItem = z.output<typeof createPortfolioItemBodySchema>;

export const updatePortfolioItemBodySchema = z
  .strictObject({
    title: itemFields.title.optional(),
    description: trimmed(PORTFOLIO_LIMITS.description).optional(),
    role: itemFields.role.optional(),
    skills: z
      .array(skillSchema)
      .max(PORTFOLIO_LIMITS.skills, { message: `At most ${PORTFOLIO_LIMITS.skills} skills` })
      .transform(dedupeCaseInsensitive)
      .optional(),
    industry: itemFields.industry.optional(),
    results: trimmed(PORTFOLIO_LIMITS.results).optional(),
    resultMetrics: z.array(portfolioMetricSchema).max(PORTFOLIO_LIMITS.metrics).optional(),
    links: z.array(portfolioLinkSchema).max(PORTFOLIO_LIMITS.links).optional(),
    date: itemFields.date.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });
export type UpdatePortfolioItemBody = z.input<typeof updatePortfolioItemBodySchema>;
export type UpdatePortfolioItem = z.output<typeof updatePortfolioItemBodySchema>;

export const portfolioCitationStatsSchema = z.object({
  /** Responses that cited this item. */
  responses: z.number().int(),
  /** Of those, how many got a reply (replied, interview or hired). */
  replied: z.number().int(),
});
export type PortfolioCitationStats = z.infer<typeof portfolioCitationStatsSchema>;

export const portfolioItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  role: z.string().nullable(),
  skills: z.array(z.string()),
  industry: z.string().nullable(),
  results: z.string(),
  resultMetrics: z.array(
    z.object({ label: z.string(), value: z.number(), unit: z.string().nullable() }),
  ),
  links: z.array(z.object({ label: z.string().nullable(), url: z.string() })),
  date: z.string().nullable(),
  position: z.number(),
  files: z.array(portfolioFileSchema),
  citations: portfolioCitationStatsSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

export const PORTFOLIO_LIST_MAX = 200;

export const listPortfolioQuerySchema = z.strictObject({
  skill: trimmed(60, 'cannot be empty').optional(),
  industry: trimmed(120, 'cannot be empty').optional(),
  limit: z.coerce.number().int().min(1).max(PORTFOLIO_LIST_MAX).default(100),
  cursor: cursorSchema.optional(),
});
export type ListPortfolioQuery = z.input<typeof listPortfolioQuerySchema>;

export const portfolioPageSchema = z.object({
  items: z.array(portfolioItemSchema),
  nextCursor: z.string().nullable(),
});
export type PortfolioPage = z.infer<typeof portfolioPageSchema>;

export const portfolioFacetsSchema = z.object({
  skills: z.array(z.object({ value: z.string(), count: z.number().int() })),
  industries: z.array(z.object({ value: z.string(), count: z.number().int() })),
  total: z.number().int(),
});
export type PortfolioFacets = z.infer<typeof portfolioFacetsSchema>;

/** Place an item directly after another (`afterId`), or first (`afterId: null`). */
export const movePortfolioItemBodySchema = z.strictObject({ afterId: z.uuid().nullable() });
export type MovePortfolioItemBody = z.infer<typeof movePortfolioItemBodySchema>;

export const itemIdParamsSchema = z.strictObject({ id: z.uuid({ message: 'Not a portfolio id' }) });
export const fileIdParamsSchema = z.strictObject({ fileId: z.uuid({ message: 'Not a file id' }) });
export const itemFileParamsSchema = z.strictObject({
  id: z.uuid({ message: 'Not a portfolio id' }),
  fileId: z.uuid({ message: 'Not a file id' }),
});

export const deletePortfolioItemQuerySchema = z.strictObject({
  /** `true`: delete now with its files, no undo. Default: move to the bin (undo for 30 days). */
  permanent: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

export const PORTFOLIO_SEARCH_MODES = ['text', 'ai'] as const;
export const portfolioSearchModeSchema = z.enum(PORTFOLIO_SEARCH_MODES);
export type PortfolioSearchMode = z.infer<typeof portfolioSearchModeSchema>;

/** Where a match was found (the tsvector weight classes). */
export const PORTFOLIO_MATCH_FIELDS = [
  'title_skills',
  'description_results',
  'role_industry',
  'files',
] as const;
export type PortfolioMatchField = (typeof PORTFOLIO_MATCH_FIELDS)[number];
export const PORTFOLIO_MATCH_FIELD_LABELS: Record<PortfolioMatchField, string> = {
  title_skills: 'title or skills',
  description_results: 'description or results',
  role_industry: 'role or industry',
  files: 'attached files',
};

export const portfolioSearchQuerySchema = z.strictObject({
  q: trimmed(500, 'Type something to search for'),
  mode: portfolioSearchModeSchema.default('text'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  skill: trimmed(60, 'cannot be empty').optional(),
  industry: trimmed(120, 'cannot be empty').optional(),
});
export type PortfolioSearchQuery = z.input<typeof portfolioSearchQuerySchema>;

/** A snippet split into plain and matched runs, so no one renders HTML from the database. */
export const snippetSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetSegment = z.infer<typeof snippetSegmentSchema>;

export const portfolioSearchHitSchema = z.object({
  item: portfolioItemSchema,
  /** Final score used for ordering (text rank, or the fusion of text rank and similarity). */
  score: z.number(),
  textRank: z.number(),
  /** Cosine similarity with the query (AI mode with embeddings), else null. */
  similarity: z.number().nullable(),
  /** Words of the query found in the item. */
  matchedTerms: z.array(z.string()),
  matchedIn: z.array(z.enum(PORTFOLIO_MATCH_FIELDS)),
  snippet: z.array(snippetSegmentSchema),
});
export type PortfolioSearchHit = z.infer<typeof portfolioSearchHitSchema>;

export const portfolioSearchResultSchema = z.object({
  /** The mode that actually ran: 'ai' falls back to 'text' without an embedding provider. */
  mode: portfolioSearchModeSchema,
  requestedMode: portfolioSearchModeSchema,
  aiAvailable: z.boolean(),
  /** A sentence for the UI when something differs from what was asked. */
  note: z.string().nullable(),
  results: z.array(portfolioSearchHitSchema),
  tookMs: z.number(),
});
export type PortfolioSearchResult = z.infer<typeof portfolioSearchResultSchema>;

export const uploadPortfolioFileResultSchema = z.object({
  file: portfolioFileSchema,
  item: portfolioItemSchema,
});
export type UploadPortfolioFileResult = z.infer<typeof uploadPortfolioFileResultSchema>;

/** What an upload may be, so the screen can say it before a file is chosen. */
export const portfolioUploadLimitsSchema = z.object({
  /** The largest file accepted, in bytes (the server's UPLOAD_MAX_BYTES). */
  maxBytes: z.number().int().positive(),
  maxFilesPerItem: z.number().int().positive(),
});
export type PortfolioUploadLimits = z.infer<typeof portfolioUploadLimitsSchema>;

function dedupeCaseInsensitive(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(value);
    }
  }
  return out;
}
