import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '#contract/errors';
import {
  csvImportBodySchema,
  csvImportResultSchema,
  jobIdParamsSchema,
  jobSchema,
  listJobsQuerySchema,
  manualJobBodySchema,
  parseJobResultSchema,
  updateJobBodySchema,
} from '#contract/jobs';
import { pageSchema } from '#contract/pagination';

import { recordActivity } from '../activities/service.ts';
import * as upwork from '../upwork/service.ts';
import * as service from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
};

/** /api/jobs: the caller's jobs (Upwork, manual, CSV), scored. Every route needs 'upwork'. */
const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const gate = { module: 'upwork' as const };
  const upworkDeps: upwork.UpworkDeps = {
    db: app.db,
    config: app.config,
    limiter: upwork.sharedLimiter(app.config),
  };

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

  app.post(
    '/parse',
    {
      config: gate,
      schema: {
        tags: ['jobs'],
        summary: 'Parse a pasted job and score it, without saving (preview)',
        body: manualJobBodySchema,
        response: { 200: parseJobResultSchema, ...errors },
      },
    },
    async (request) => service.previewManualJob(app.db, request.user!.id, request.body, new Date()),
  );

  app.post(
    '/manual',
    {
      config: gate,
      schema: {
        tags: ['jobs'],
        summary:
          'Save a job from its pasted text and link (parsed and scored); the same link or text updates it',
        body: manualJobBodySchema,
        response: { 200: jobSchema, 201: jobSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { row, created } = await service.saveManualJob(
        app.db,
        request.user!.id,
        request.body,
        new Date(),
      );
      return reply.status(created ? 201 : 200).send(service.toJob(row, { full: true }));
    },
  );

  app.post(
    '/import-csv',
    {
      config: gate,
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags: ['jobs'],
        summary: 'Import jobs from CSV text; dryRun answers the per-row preview without saving',
        body: csvImportBodySchema,
        response: { 200: csvImportResultSchema, ...errors },
      },
    },
    async (request) =>
      service.importCsv(
        app.db,
        request.user!.id,
        request.body.csv,
        request.body.dryRun,
        new Date(),
      ),
  );

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
    async (request) => {
      const userId = request.user!.id;
      let row = await service.requireJob(app.db, userId, request.params.id);
      if (row.source === 'upwork' && !row.detailsFetchedAt) {
        // Screening questions come only with the full posting; a failure keeps what we have.
        try {
          await upwork.fetchJobDetails(upworkDeps, userId, row.id, row.externalId);
          row = await service.requireJob(app.db, userId, row.id);
        } catch (error) {
          request.log.warn(
            { err: error instanceof Error ? error.message : 'unknown' },
            'upwork job details not fetched',
          );
        }
      }
      await recordActivity(app.db, {
        userId,
        action: 'view_job',
        jobId: row.id,
        details: { source: row.source, title: row.title.slice(0, 200) },
        userAgent: request.headers['user-agent'] ?? null,
      });
      return service.jobDetail(app.db, userId, row, new Date());
    },
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
      const userId = request.user!.id;
      const row = await service.updateJob(
        app.db,
        userId,
        request.params.id,
        request.body,
        new Date(),
      );
      if (request.body.applied === true) {
        await recordActivity(app.db, {
          userId,
          action: 'apply_job',
          jobId: row.id,
          details: {
            source: row.source,
            title: row.title.slice(0, 200),
            fit: row.fitScore,
            verdict: row.verdict,
          },
          userAgent: request.headers['user-agent'] ?? null,
        });
      }
      return service.toJob(row, { full: true });
    },
  );
};

export default jobRoutes;
