import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  csvImportBodySchema,
  csvImportResultSchema,
  jobSchema,
  manualJobBodySchema,
  parseJobResultSchema,
} from '#contract/jobs';

import * as imports from './job-imports.ts';
import { toJob } from './job-rows.ts';
import { errorAnswers } from '../../route-errors.ts';

const errors = errorAnswers(400, 401, 403, 404, 413);

/** /api/jobs/parse, /manual, /import-csv: jobs brought in by hand. Every route needs 'upwork'. */
const jobImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const gate = { module: 'upwork' as const };

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
    async (request) => imports.previewManualJob(app.db, request.user!.id, request.body, new Date()),
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
      const { row, created } = await imports.saveManualJob(
        app.db,
        request.user!.id,
        request.body,
        new Date(),
      );
      return reply.status(created ? 201 : 200).send(toJob(row, { full: true }));
    },
  );

  app.post(
    '/import-csv',
    {
      config: { ...gate, idempotency: 'claim' },
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags: ['jobs'],
        summary: 'Import jobs from CSV text; dryRun answers the per-row preview without saving',
        body: csvImportBodySchema,
        response: { 200: csvImportResultSchema, ...errors },
      },
    },
    async (request) =>
      imports.importCsv(
        app.db,
        request.user!.id,
        request.body.csv,
        request.body.dryRun,
        new Date(),
      ),
  );
};

export default jobImportRoutes;
