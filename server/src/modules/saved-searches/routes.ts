import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createSavedSearchBodySchema,
  savedSearchIdParamsSchema,
  savedSearchSchema,
  updateSavedSearchBodySchema,
} from '#contract/jobs';
import { pageSchema } from '#contract/pagination';

import * as service from './service.ts';
import { errorAnswers } from '../../route-errors.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** /api/saved-searches: save, load, rename, delete; the alert flag (the poller: poll-schedule.ts). */
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
        .send(await service.createSavedSearch(app.db, request.user!.id, request.body)),
  );

  app.patch(
    '/:id',
    {
      config: gate,
      schema: {
        tags: ['saved-searches'],
        summary: 'Rename, change the filters, or turn the alert on or off',
        params: savedSearchIdParamsSchema,
        body: updateSavedSearchBodySchema,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (request) =>
      service.updateSavedSearch(app.db, request.user!.id, request.params.id, request.body),
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
