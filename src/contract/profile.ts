import { z } from 'zod';

/** What the agents know about the freelancer (docs/product.md, Settings). Money in minor units. */
export const TONES = ['professional', 'friendly', 'confident', 'concise'] as const;
export const toneSchema = z.enum(TONES);
export type Tone = z.infer<typeof toneSchema>;

export const LENGTHS = ['short', 'medium', 'long'] as const;
export const lengthSchema = z.enum(LENGTHS);
export type ResponseLength = z.infer<typeof lengthSchema>;

/** How tone and length read on screen, wherever they are chosen. */
export const TONE_LABELS: Record<Tone, string> = {
  professional: 'Professional',
  friendly: 'Friendly',
  confident: 'Confident',
  concise: 'Concise',
};

export const LENGTH_LABELS: Record<ResponseLength, string> = {
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
};

const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, { message: 'currency must be a 3-letter ISO code such as USD' });

export const profileSchema = z.object({
  name: z.string().max(120),
  title: z.string().max(200),
  overview: z.string().max(5_000),
  skills: z.array(z.string().trim().min(1).max(60)).max(50),
  hourlyRateMinor: z.number().int().min(0).max(100_000_00).nullable(),
  rateFloorMinor: z.number().int().min(0).max(100_000_00).nullable(),
  currency: currencySchema,
  timezone: z.string().max(64),
  signature: z.string().max(500),
  writingSamples: z.array(z.string().max(5_000)).max(5),
  defaultTone: toneSchema,
  defaultLength: lengthSchema,
  notifyOnSavedSearchMatches: z.boolean(),
  notifyOnMessages: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileBodySchema = profileSchema.omit({ updatedAt: true }).partial().strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** The profile of a user who never saved one (the server's answer and the tests' default). */
export function emptyProfile(name = ''): Profile {
  return {
    name,
    title: '',
    overview: '',
    skills: [],
    hourlyRateMinor: null,
    rateFloorMinor: null,
    currency: 'USD',
    timezone: 'UTC',
    signature: '',
    writingSamples: [],
    defaultTone: 'professional',
    defaultLength: 'medium',
    notifyOnSavedSearchMatches: true,
    notifyOnMessages: true,
    updatedAt: null,
  };
}

/** POST /api/profile/rescore: one batch of the caller's jobs scored again, and how many are left. */
export const rescoreStepSchema = z.object({
  rescored: z.number().int().min(0),
  remaining: z.number().int().min(0),
});
export type RescoreStep = z.infer<typeof rescoreStepSchema>;

/** GET /api/profile/skill-suggestions: skills named by the caller's own jobs, most frequent first. */
export const skillSuggestionsSchema = z.object({ items: z.array(z.string()) });
export type SkillSuggestions = z.infer<typeof skillSuggestionsSchema>;

/** GET /api/profile/from-upwork: what the connected Upwork profile says, for the user to review. */
export const upworkProfileDraftSchema = profileSchema
  .pick({
    name: true,
    title: true,
    overview: true,
    skills: true,
    hourlyRateMinor: true,
    currency: true,
    timezone: true,
  })
  .partial();
export type UpworkProfileDraft = z.infer<typeof upworkProfileDraftSchema>;

/** GET /api/profile/administrators: who a member asks to turn a module on (contact only). */
export const administratorContactsSchema = z.object({
  items: z.array(z.object({ name: z.string().nullable(), email: z.string() })),
});
export type AdministratorContacts = z.infer<typeof administratorContactsSchema>;
