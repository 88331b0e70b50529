import { z } from 'zod';

/** `none` means the offline engine: drafts built by code from the template, job and profile. */
export const AI_PROVIDERS = ['none', 'openai', 'anthropic', 'openai-compatible'] as const;
export const aiProviderSchema = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof aiProviderSchema>;

export const AI_PROVIDER_LABELS: Record<AiProvider, string> = {
  none: 'None (offline engine)',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible (Ollama, vLLM, LM Studio)',
};

/** What anyone signed in may know: which engine drafts their responses. */
export const aiStatusSchema = z.object({
  provider: aiProviderSchema,
  model: z.string().nullable(),
  offline: z.boolean(),
  source: z.enum(['config', 'settings']),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/** The admin view of the provider settings. The key itself is never sent back. */
export const aiSettingsSchema = z.object({
  provider: aiProviderSchema,
  model: z.string().nullable(),
  baseUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  source: z.enum(['config', 'settings']),
  updatedAt: z.iso.datetime().nullable(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const updateAiSettingsBodySchema = z
  .strictObject({
    provider: aiProviderSchema,
    model: z.string().trim().max(200).optional(),
    baseUrl: z
      .url({ protocol: /^https?$/, message: 'Base URL must be an http(s) URL' })
      .max(500)
      .optional()
      .or(z.literal('')),
    /** Write-only. Omit to keep the stored key; send `clearApiKey` to remove it. */
    apiKey: z.string().trim().min(1).max(500).optional(),
    clearApiKey: z.boolean().optional(),
  })
  .refine((body) => body.provider === 'none' || (body.model ?? '').length > 0, {
    message: 'Choose a model for this provider',
    path: ['model'],
  })
  .refine((body) => body.provider !== 'openai-compatible' || (body.baseUrl ?? '').length > 0, {
    message: 'An OpenAI-compatible server needs its base URL (e.g. http://localhost:11434/v1)',
    path: ['baseUrl'],
  });
export type UpdateAiSettingsBody = z.input<typeof updateAiSettingsBodySchema>;

export const aiTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  latencyMs: z.number().int(),
});
export type AiTestResult = z.infer<typeof aiTestResultSchema>;
