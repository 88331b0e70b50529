import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { exportQuoteQuerySchema, quoteIdParamsSchema } from '#contract/quotes-api';

import { attachmentHeader } from '../../csv.ts';
import { errorAnswers } from '../../route-errors.ts';
import { exportQuote } from './service.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** /api/quotes/:id/export: the quote as a PDF or Word file, downloaded as an attachment. */
const quoteExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/export',
    {
      config: { module: 'proposal' },
      schema: {
        tags: ['quotes'],
        summary: 'The quote as a PDF or DOCX file',
        params: quoteIdParamsSchema,
        querystring: exportQuoteQuerySchema,
        response: {
          200: z.any().describe('The file (application/pdf or the Word document type)'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await exportQuote(
        app.db,
        request.user!,
        request.params.id,
        request.query.format,
        { userAgent: request.headers['user-agent'] },
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};

export default quoteExportRoutes;
