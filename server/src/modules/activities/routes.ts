import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  activitySchema,
  listActivitiesQuerySchema,
  logActivityBodySchema,
} from '#contract/activity';
import { apiErrorSchema } from '#contract/errors';
import { pageSchema } from '#contract/pagination';

import { attachmentHeader, toCsv } from '../../csv.ts';
import { listActivitiesFor, recordActivity } from './service.ts';

const EXPORT_MAX_ROWS = 10_000;

const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/log',
    {
      schema: {
        tags: ['activity'],
        summary: 'Log one activity of the signed-in user',
        body: logActivityBodySchema,
        response: { 201: activitySchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const body = request.body;
      const activity = await recordActivity(app.db, {
        userId: user.id,
        action: body.action,
        details: body.details,
        jobId: body.jobId,
        searchName: body.searchName,
        templateName: body.templateName,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.status(201).send(activity);
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['activity'],
        summary: 'The caller’s activity, newest first (admins may pass userId)',
        querystring: listActivitiesQuerySchema,
        response: { 200: pageSchema(activitySchema), 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => listActivitiesFor(app.db, request.user!, request.query),
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['activity'],
        summary: 'Export the filtered activity as CSV or JSON',
        querystring: listActivitiesQuerySchema.omit({ limit: true, cursor: true }).extend({
          format: z.enum(['csv', 'json']).default('csv'),
        }),
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const items = [];
      let cursor: string | undefined;
      do {
        const page = await listActivitiesFor(app.db, request.user!, {
          ...filter,
          limit: 100,
          cursor,
        });
        items.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && items.length < EXPORT_MAX_ROWS);
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: 'export_data',
        details: { what: 'activity', format, rows: items.length, ...filter },
        userAgent: request.headers['user-agent'] ?? null,
      });
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'json') {
        return reply
          .header('content-disposition', attachmentHeader(`activity-${stamp}.json`))
          .type('application/json')
          .send(JSON.stringify(items, null, 2));
      }
      const columns = [
        'createdAt',
        'action',
        'jobId',
        'searchName',
        'templateName',
        'details',
        'userAgent',
      ];
      return reply
        .header('content-disposition', attachmentHeader(`activity-${stamp}.csv`))
        .type('text/csv; charset=utf-8')
        .send(toCsv(items, columns));
    },
  );
};

export default activityRoutes;
