import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  LEAD_CSV_MAX_BYTES,
  leadImportBodySchema,
  leadImportResultSchema,
  listLeadsQuerySchema,
} from '#contract/leads';

import { attachmentHeader } from '../../csv.ts';
import { errorAnswers } from '../../route-errors.ts';
import { exportLeadsCsv } from './csv-export.ts';
import { importLeadsCsv } from './csv-import.ts';

const errors = errorAnswers(400, 401, 403, 413);
const tags = ['leads'];
const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

const exportLeadsQuerySchema = listLeadsQuerySchema.omit({ limit: true, cursor: true });

/**
 * A CSV file of LEAD_CSV_MAX_BYTES grows when sent as a JSON string (quotes and line breaks are
 * escaped), so the route takes twice that; the file's own size is checked by the body schema.
 */
const IMPORT_BODY_LIMIT = 2 * LEAD_CSV_MAX_BYTES + 64 * 1024;

/** /api/leads/import and /api/leads/export.csv: leads in and out as CSV (every signed-in user). */
const leadCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import leads from CSV text; dryRun answers the preview, per-line errors and duplicates without saving',
        body: leadImportBodySchema,
        response: { 200: leadImportResultSchema, ...errors },
      },
    },
    async (request) => importLeadsCsv(app.db, request.user!.id, request.body, meta(request)),
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags,
        summary: 'CSV of the filtered lead list (the import columns and created_at)',
        querystring: exportLeadsQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { csv } = await exportLeadsCsv(app.db, request.user!.id, request.query, meta(request));
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(`leads-${date}.csv`))
        .send(csv);
    },
  );
};

export default leadCsvRoutes;
