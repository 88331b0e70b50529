import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  jobIdParamsSchema,
  jobSchema,
  listJobsQuerySchema,
  updateJobBodySchema,
} from '#contract/jobs';
import { pageSchema } from '#contract/pagination';

import jobImportRoutes from './job-import-routes.ts';
import { toJob } from './job-rows.ts';
import * as service from './service.ts';
import { errorAnswers } from '../../route-errors.ts';

const errors = errorAnswers(400, 401, 403, 404, 413);

/** /api/jobs: the caller's jobs (Upwork, manual, CSV), scored. Every route needs 'upwork'. */
const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const gate = { module: 'upwork' as const };

  app.get(
    '/',
    {
      config: gate,
      schema: {
        tags: ['jobs'],
        summary: 'Search, filter and sort the caller’s jobs (cursor pagination)',
        querystring: listJobsQuerySchema,
        response: { 200: pageSchema(jobSchema), ...errors },
      },
    },
    async (request) => service.listJobs(app.db, request.user!.id, request.query, new Date()),
  );

  await app.register(jobImportRoutes);

  app.get(
    '/:id',
    {
      config: gate,
      schema: {
        tags: ['jobs'],
        summary: 'One job in full, scored now; logs view_job',
        params: jobIdParamsSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) =>
      service.viewJob(app.db, request.user!.id, request.params.id, {
        config: app.config,
        userAgent: request.headers['user-agent'] ?? null,
        log: request.log,
      }),
  );

  app.patch(
    '/:id',
    {
      config: gate,
      schema: {
        tags: ['jobs'],
        summary: 'Hide or unhide, mark applied or not (applied logs apply_job)',
        params: jobIdParamsSchema,
        body: updateJobBodySchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => {
      const row = await service.updateJob(
        app.db,
        request.user!.id,
        request.params.id,
        request.body,
        new Date(),
        request.headers['user-agent'] ?? null,
      );
      return toJob(row, { full: true });
    },
  );
};

export default jobRoutes;
