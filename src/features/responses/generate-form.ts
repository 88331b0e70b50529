import { z } from 'zod';

import { lengthSchema, toneSchema, type GenerateResponseBody } from '@/contract/responses';

/** Pasted job text shorter than this is not enough for the agent to work from. */
const JOB_TEXT_MIN = 20;

/**
 * The generate form as the user fills it in: a job from the list or a pasted one, and the
 * choices the request body takes from the contract.
 */
export const generateFormSchema = z
  .object({
    source: z.enum(['job', 'paste']),
    jobId: z.string(),
    jobText: z.string(),
    jobUrl: z.string(),
    templateId: z.string(),
    tone: toneSchema,
    length: lengthSchema,
    variants: z.enum(['1', '2']),
  })
  .superRefine((values, context) => {
    if (values.source === 'job' && values.jobId === '')
      context.addIssue({ code: 'custom', path: ['jobId'], message: 'Choose a job' });
    if (values.source === 'paste' && values.jobText.trim().length < JOB_TEXT_MIN)
      context.addIssue({
        code: 'custom',
        path: ['jobText'],
        message: 'Paste the job (at least 20 characters)',
      });
  });
export type GenerateFormValues = z.infer<typeof generateFormSchema>;

/** The request body for POST /api/responses/generate; empty optional choices are left out. */
export function toGenerateBody(values: GenerateFormValues): GenerateResponseBody {
  return {
    ...(values.source === 'job'
      ? { jobId: values.jobId }
      : { jobText: values.jobText, ...(values.jobUrl ? { jobUrl: values.jobUrl } : {}) }),
    ...(values.templateId ? { templateId: values.templateId } : {}),
    tone: values.tone,
    length: values.length,
    variants: values.variants === '2' ? 2 : 1,
  };
}

export { LENGTH_LABELS, TONE_LABELS } from '@/contract/profile';
