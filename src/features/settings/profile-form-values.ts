import { z } from 'zod';

import {
  lengthSchema,
  toneSchema,
  updateProfileBodySchema,
  type Profile,
  type UpdateProfileBody,
  type UpworkProfileDraft,
} from '@/contract/profile';

/** The profile editor's values: money as typed (major units), samples as rows. */
export const MAX_SKILLS = 50;
export const MAX_SKILL_LENGTH = 60;
export const MAX_WRITING_SAMPLES = 5;

const money = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,6}(\.\d{1,2})?$/.test(value), {
      message: `Enter ${label} as a number, such as 85 or 85.50, or leave it empty.`,
    })
    .refine((value) => value === '' || Number(value) <= 100_000, {
      message: `${label[0]?.toUpperCase()}${label.slice(1)} cannot be above 100,000.`,
    });

export const profileFormSchema = z
  .object({
    name: z.string().trim().max(120, 'Keep the name under 120 characters.'),
    title: z.string().trim().max(200, 'Keep the title under 200 characters.'),
    overview: z.string().max(5_000, 'Keep the overview under 5,000 characters.'),
    skills: z
      .array(z.string())
      .max(MAX_SKILLS, `Keep it to ${MAX_SKILLS} skills: the ones you want to be hired for.`),
    hourlyRate: money('your hourly rate'),
    rateFloor: money('the rate floor'),
    currency: z.string().regex(/^[A-Z]{3}$/, 'Choose a currency.'),
    timezone: z.string().min(1, 'Choose a time zone.').max(64),
    signature: z.string().max(500, 'Keep the signature under 500 characters.'),
    writingSamples: z
      .array(z.object({ text: z.string().max(5_000, 'Keep each sample under 5,000 characters.') }))
      .max(MAX_WRITING_SAMPLES),
    defaultTone: toneSchema,
    defaultLength: lengthSchema,
  })
  .refine(
    (values) =>
      values.hourlyRate === '' ||
      values.rateFloor === '' ||
      Number(values.rateFloor) <= Number(values.hourlyRate),
    {
      path: ['rateFloor'],
      message: 'The rate floor is the least you accept: keep it at or below your hourly rate.',
    },
  );

export type ProfileFormValues = z.input<typeof profileFormSchema>;

const toMajor = (minor: number | null) => (minor === null ? '' : String(minor / 100));
const toMinor = (major: string) => (major.trim() === '' ? null : Math.round(Number(major) * 100));

export function toFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    title: profile.title,
    overview: profile.overview,
    skills: profile.skills,
    hourlyRate: toMajor(profile.hourlyRateMinor),
    rateFloor: toMajor(profile.rateFloorMinor),
    currency: profile.currency,
    timezone: profile.timezone,
    signature: profile.signature,
    writingSamples: profile.writingSamples.map((text) => ({ text })),
    defaultTone: profile.defaultTone,
    defaultLength: profile.defaultLength,
  };
}

/** The PUT body, checked against the API's own schema before it is sent. */
export function toBody(values: ProfileFormValues): UpdateProfileBody {
  return updateProfileBodySchema.parse({
    name: values.name.trim(),
    title: values.title.trim(),
    overview: values.overview.trim(),
    skills: values.skills,
    hourlyRateMinor: toMinor(values.hourlyRate),
    rateFloorMinor: toMinor(values.rateFloor),
    currency: values.currency,
    timezone: values.timezone,
    signature: values.signature.trim(),
    writingSamples: values.writingSamples.map((sample) => sample.text.trim()).filter(Boolean),
    defaultTone: values.defaultTone,
    defaultLength: values.defaultLength,
  });
}

/** The form's fields an Upwork profile fills (only those Upwork knows). */
export function fromUpwork(draft: UpworkProfileDraft): Partial<ProfileFormValues> {
  const values: Partial<ProfileFormValues> = {};
  if (draft.name) values.name = draft.name;
  if (draft.title) values.title = draft.title;
  if (draft.overview) values.overview = draft.overview;
  if (draft.skills?.length) values.skills = draft.skills;
  if (draft.hourlyRateMinor != null) values.hourlyRate = toMajor(draft.hourlyRateMinor);
  if (draft.currency) values.currency = draft.currency;
  if (draft.timezone) values.timezone = draft.timezone;
  return values;
}
