import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';

import {
  PORTFOLIO_LIMITS,
  type CreatePortfolioItemBody,
  type PortfolioItem,
} from '@/contract/portfolio';

/** The form's own shape (text inputs), checked with zod and turned into the API body. */
export const portfolioFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'Give the item a title' })
    .max(PORTFOLIO_LIMITS.title, { message: `At most ${PORTFOLIO_LIMITS.title} characters` }),
  description: z.string().max(PORTFOLIO_LIMITS.description, {
    message: `At most ${PORTFOLIO_LIMITS.description} characters`,
  }),
  role: z
    .string()
    .trim()
    .max(PORTFOLIO_LIMITS.role, { message: `At most ${PORTFOLIO_LIMITS.role} characters` }),
  skills: z
    .string()
    .refine((value) => splitSkills(value).length <= PORTFOLIO_LIMITS.skills, {
      message: `At most ${PORTFOLIO_LIMITS.skills} skills`,
    })
    .refine((value) => splitSkills(value).every((skill) => skill.length <= 60), {
      message: 'Each skill can be at most 60 characters',
    }),
  industry: z
    .string()
    .trim()
    .max(PORTFOLIO_LIMITS.industry, { message: `At most ${PORTFOLIO_LIMITS.industry} characters` }),
  results: z
    .string()
    .max(PORTFOLIO_LIMITS.results, { message: `At most ${PORTFOLIO_LIMITS.results} characters` }),
  date: z.union([z.literal(''), z.iso.date({ message: 'Use a real date' })]),
  links: z
    .array(
      z.object({
        label: z.string().trim().max(120, { message: 'At most 120 characters' }),
        url: z
          .string()
          .trim()
          .pipe(
            z.url({ protocol: /^https?$/, message: 'Enter an address starting with https://' }),
          ),
      }),
    )
    .max(PORTFOLIO_LIMITS.links, { message: `At most ${PORTFOLIO_LIMITS.links} links` }),
  metrics: z
    .array(
      z.object({
        label: z.string().trim().min(1, { message: 'Say what the number measures' }).max(120),
        value: z
          .string()
          .trim()
          .refine((value) => value !== '' && Number.isFinite(Number(value)), {
            message: 'Enter a number',
          }),
        unit: z.string().trim().max(24, { message: 'At most 24 characters' }),
      }),
    )
    .max(PORTFOLIO_LIMITS.metrics, { message: `At most ${PORTFOLIO_LIMITS.metrics} numbers` }),
});
export type PortfolioFormValues = z.input<typeof portfolioFormSchema>;

export function splitSkills(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((skill) => skill.trim())
    .filter(Boolean);
}

export function toFormValues(item?: PortfolioItem | null): PortfolioFormValues {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    role: item?.role ?? '',
    skills: item?.skills.join(', ') ?? '',
    industry: item?.industry ?? '',
    results: item?.results ?? '',
    date: item?.date ?? '',
    links: item?.links.map((link) => ({ label: link.label ?? '', url: link.url })) ?? [],
    metrics:
      item?.resultMetrics.map((metric) => ({
        label: metric.label,
        value: String(metric.value),
        unit: metric.unit ?? '',
      })) ?? [],
  };
}

export function toBody(values: z.output<typeof portfolioFormSchema>): CreatePortfolioItemBody {
  return {
    title: values.title,
    description: values.description.trim(),
    role: values.role || null,
    skills: splitSkills(values.skills),
    industry: values.industry || null,
    results: values.results.trim(),
    date: values.date || null,
    links: values.links.map((link) => ({ label: link.label || null, url: link.url })),
    resultMetrics: values.metrics.map((metric) => ({
      label: metric.label,
      value: Number(metric.value),
      unit: metric.unit || null,
    })),
  };
}

/** API field paths (`resultMetrics.0.value`) mapped onto the form's names. */
export function formPath(apiPath: string): FieldPath<PortfolioFormValues> | null {
  const path = apiPath.replace(/^resultMetrics/, 'metrics');
  const known = [
    'title',
    'description',
    'role',
    'skills',
    'industry',
    'results',
    'date',
    'links',
    'metrics',
  ];
  const root = path.split('.')[0] ?? '';
  return known.includes(root) ? (path as FieldPath<PortfolioFormValues>) : null;
}

export type SubmitOutcome =
  { ok: true } | { ok: false; message: string; fields?: Array<{ field: string; message: string }> };
