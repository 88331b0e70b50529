import { z } from 'zod';

import { searchTextSchema } from './pagination.ts';

export const TEMPLATE_KINDS = ['response', 'quote'] as const;
export const templateKindSchema = z.enum(TEMPLATE_KINDS);
export type TemplateKind = z.infer<typeof templateKindSchema>;

/** The variables a template may use, with what each becomes when the template is applied. */
export const TEMPLATE_VARIABLES = [
  { name: 'client_name', description: "The client's name (or 'there' when the post does not say)" },
  { name: 'job_title', description: 'The title of the job post' },
  { name: 'job_summary', description: 'The first sentence of the job description' },
  {
    name: 'client_need',
    description:
      'What the client needs, in your words ("You need your checkout fixed before Black Friday.")',
  },
  { name: 'skills', description: 'Skills the job asks for that your profile has' },
  { name: 'job_skills', description: 'Every skill the job asks for' },
  { name: 'portfolio', description: 'The best-matching portfolio items, one line each' },
  { name: 'rate', description: 'Your hourly rate, e.g. $85/hr' },
  { name: 'budget', description: "The job's budget as posted" },
  { name: 'signature', description: 'Your signature from the profile' },
  { name: 'my_name', description: 'Your name from the profile' },
  { name: 'my_title', description: 'Your professional title from the profile' },
  { name: 'answers', description: 'Answers to the screening questions' },
  { name: 'question', description: 'A closing question for the client about this job' },
] as const;
export type TemplateVariableName = (typeof TEMPLATE_VARIABLES)[number]['name'];
export const TEMPLATE_VARIABLE_NAMES: readonly string[] = TEMPLATE_VARIABLES.map((v) => v.name);

export const TEMPLATE_BODY_MAX = 10_000;

// The name is trimmed in code: spaces matched on both sides of a lazy name could trade
// characters with it, and a long run of spaces would then take polynomial time.
const VARIABLE_PATTERN = /\{\{([^{}]*)\}\}/g;

/** Every `{{name}}` used in a body, in order of first use, without duplicates. */
export function templateVariablesIn(body: string): string[] {
  const seen = new Set<string>();
  for (const match of body.matchAll(VARIABLE_PATTERN)) seen.add((match[1] ?? '').trim());
  return [...seen];
}

/** Variables used in a body that the product does not know (flagged while typing). */
export function unknownTemplateVariables(body: string): string[] {
  return templateVariablesIn(body).filter((name) => !TEMPLATE_VARIABLE_NAMES.includes(name));
}

/** `{{name}}` as written in a template. */
export const variableToken = (name: string): string => `{{${name}}}`;

/**
 * Why a template with unknown variables cannot be saved, naming the variables it may use.
 * The server answers it and the editor shows it, so both say the same thing.
 */
export function unknownVariablesMessage(unknown: readonly string[]): string {
  const plural = unknown.length > 1;
  return `Unknown variable${plural ? 's' : ''} ${unknown.map(variableToken).join(', ')}: ${plural ? 'they' : 'it'} would reach the client as written. Use only ${TEMPLATE_VARIABLE_NAMES.map(variableToken).join(', ')}.`;
}

/** Replaces known variables with their values; unknown ones are left as written. */
export function renderTemplate(body: string, values: Partial<Record<string, string>>): string {
  return body.replace(VARIABLE_PATTERN, (whole, inner: string) => {
    const name = inner.trim();
    if (!TEMPLATE_VARIABLE_NAMES.includes(name)) return whole;
    return values[name] ?? '';
  });
}

export const templateSchema = z.object({
  id: z.uuid(),
  kind: templateKindSchema,
  name: z.string(),
  body: z.string(),
  variables: z.array(z.string()),
  unknownVariables: z.array(z.string()),
  isDefault: z.boolean(),
  usageCount: z.number().int(),
  lastUsedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Template = z.infer<typeof templateSchema>;

const nameSchema = z.string().trim().min(1, 'Give the template a name').max(120);
const bodySchema = z.string().min(1, 'The template needs some text').max(TEMPLATE_BODY_MAX);

export const createTemplateBodySchema = z.strictObject({
  kind: templateKindSchema.default('response'),
  name: nameSchema,
  body: bodySchema,
  isDefault: z.boolean().default(false),
});
export type CreateTemplateBody = z.input<typeof createTemplateBodySchema>;

export const updateTemplateBodySchema = z
  .strictObject({
    name: nameSchema.optional(),
    body: bodySchema.optional(),
    isDefault: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one of name, body, isDefault',
  });
export type UpdateTemplateBody = z.input<typeof updateTemplateBodySchema>;

export const listTemplatesQuerySchema = z.strictObject({
  kind: templateKindSchema.default('response'),
  q: searchTextSchema(200).optional(),
});
export type ListTemplatesQuery = z.input<typeof listTemplatesQuerySchema>;

export const templateListSchema = z.object({
  items: z.array(templateSchema),
  nextCursor: z.null(),
});

export const previewTemplateBodySchema = z.strictObject({
  body: bodySchema,
  jobId: z.uuid().optional(),
});
export type PreviewTemplateBody = z.input<typeof previewTemplateBodySchema>;

export const templatePreviewSchema = z.object({
  text: z.string(),
  unknownVariables: z.array(z.string()),
  values: z.record(z.string(), z.string()),
  jobTitle: z.string().nullable(),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

export const templateIdParamsSchema = z.strictObject({ id: z.uuid() });
