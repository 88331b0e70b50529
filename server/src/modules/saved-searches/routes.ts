import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '#contract/errors';
import {
  createSavedSearchBodySchema,
  savedSearchIdParamsSchema,
  savedSearchSchema,
  updateSavedSearchBodySchema,
} from '#contract/jobs';
import { pageSchema } from '#contract/pagination';

import { sharedLimiter } from '../upwork/service.ts';
import * as service from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * /api/saved-searches: save, load, rename, delete; the alert flag. The poller runs in the
 * background every SAVED_SEARCH_POLL_SECONDS (0 turns it off) and notifies over /api/events.
 */
const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const gate = { module: 'upwork' as const };

  const seconds = app.config.upwork.savedSearchPollSeconds;
  if (seconds > 0) {
    const deps: service.PollDeps = {
      db: app.db,
      config: app.config,
      limiter: sharedLimiter(app.config),
      events: app.events,
      log: app.log,
    };
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = service
        .pollSavedSearches(deps)
        .catch((error: unknown) =>
          app.log.warn(
            { err: error instanceof Error ? error.message : 'unknown' },
            'saved search poll failed',
          ),
        )
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, seconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      if (running) await running;
    });
  }

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
