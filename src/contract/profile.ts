import { z } from 'zod';

/** What the agents know about the freelancer (docs/product.md, Settings). Money in minor units. */
export const TONES = ['professional', 'friendly', 'confident', 'concise'] as const;
export const toneSchema = z.enum(TONES);
export type Tone = z.infer<typeof toneSchema>;

export const LENGTHS = ['short', 'medium', 'long'] as const;
export const lengthSchema = z.enum(LENGTHS);
export type ResponseLength = z.infer<typeof lengthSchema>;

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
