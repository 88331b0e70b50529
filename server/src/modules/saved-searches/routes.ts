import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createSavedSearchBodySchema,
  savedSearchIdParamsSchema,
  savedSearchSchema,
  updateSavedSearchBodySchema,
  webhookTestResultSchema,
} from '#contract/saved-searches';
import { pageSchema } from '#contract/pagination';

import * as service from './service.ts';
import { errorAnswers } from '../../route-errors.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const webhookTestErrors = errorAnswers(400, 401, 403, 404, 422);

/**
 * /api/saved-searches: save, load, rename, delete; the alert flag (the poller: poll-schedule.ts)
 * and the optional webhook the alerts are also posted to.
 */
const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const gate = { module: 'upwork' as const };

  app.get(
    '/',
    {
      config: gate,
      schema: {
        tags: ['saved-searches'],
        summary: 'The caller’s saved searches, by name',
        response: { 200: pageSchema(savedSearchSchema), ...errors },
      },
    },
    async (request) => ({
      items: await service.listSavedSearches(app.db, request.user!.id),
      nextCursor: null,
    }),
  );

  app.post(
    '/',
    {
      config: gate,
      schema: {
        tags: ['saved-searches'],
        summary: 'Save the current search (logs save_saved_search)',
        body: createSavedSearchBodySchema,
        response: { 201: savedSearchSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createSavedSearch(app.db, app.config, request.user!.id, request.body)),
  );

  app.patch(
    '/:id',
    {
      config: gate,
      schema: {
        tags: ['saved-searches'],
        summary: 'Rename, change the filters, turn the alert on or off, set or remove the webhook',
        params: savedSearchIdParamsSchema,
        body: updateSavedSearchBodySchema,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (request) =>
      service.updateSavedSearch(
        app.db,
        app.config,
        request.user!.id,
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/:id/webhook-test',
    {
      config: gate,
      schema: {
        tags: ['saved-searches'],
        summary:
          'Post a test message to the search’s webhook: 200 when it went through, 422 with the reason when not',
        params: savedSearchIdParamsSchema,
        response: { 200: webhookTestResultSchema, ...webhookTestErrors },
      },
    },
    async (request) =>
      service.testSavedSearchWebhook(app.db, app.config, request.user!.id, request.params.id),
  );

  app.post(
    '/:id/load',
    {
      config: gate,
      schema: {
        tags: ['saved-searches'],
        summary:
          'Load a saved search: answers its filters and clears its new-match count (logs load_saved_search)',
        params: savedSearchIdParamsSchema,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (request) => service.loadSavedSearch(app.db, request.user!.id, request.params.id),
  );

  app.delete(
    '/:id',
    {
      config: gate,
      schema: {
        tags: ['saved-searches'],
        summary: 'Delete a saved search (logs delete_saved_search)',
        params: savedSearchIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteSavedSearch(app.db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default savedSearchRoutes;
