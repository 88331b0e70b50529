import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  aiSettingsSchema,
  aiStatusSchema,
  aiTestResultSchema,
  updateAiSettingsBodySchema,
} from '#contract/ai';
import { apiErrorSchema } from '#contract/errors';

import { getAiSettings, getAiStatus, testAiSettings, updateAiSettings } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** /api/ai: which engine drafts (anyone with 'response'), and the provider settings (admins). */
const aiSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/status',
    {
      config: { module: 'response' },
      schema: {
        tags: ['ai'],
        summary: 'Which engine drafts responses',
        response: { 200: aiStatusSchema, ...errors },
      },
    },
    async () => getAiStatus(app.db, app.config),
  );

  app.get(
    '/settings',
    {
      config: { module: 'response', role: 'admin' },
      schema: {
        tags: ['ai'],
        summary: 'AI provider settings (the key is never returned)',
        response: { 200: aiSettingsSchema, ...errors },
      },
    },
    async () => getAiSettings(app.db, app.config),
  );

  app.put(
    '/settings',
    {
      config: { module: 'response', role: 'admin', sensitive: true },
      schema: {
        tags: ['ai'],
        summary: 'Choose the AI provider, model and key (stored encrypted)',
        body: updateAiSettingsBodySchema,
        response: { 200: aiSettingsSchema, ...errors },
      },
    },
    async (request) =>
      updateAiSettings(app.db, app.config, request.user!.id, request.body, {
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/settings/test',
    {
      config: { module: 'response', role: 'admin' },
      schema: {
        tags: ['ai'],
        summary: 'Try the provider in force',
        response: { 200: aiTestResultSchema, ...errors },
      },
    },
    async () => testAiSettings(app.db, app.config),
  );
};

export default aiSettingsRoutes;
