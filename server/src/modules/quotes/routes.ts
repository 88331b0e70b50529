import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  listQuotesQuerySchema,
  quoteIdParamsSchema,
  quoteListSchema,
  quoteSchema,
  quoteSummarySchema,
  quoteVersionListSchema,
  quoteVersionParamsSchema,
  setQuoteStatusBodySchema,
  updateQuoteBodySchema,
} from '#contract/quotes-api';

import { attachmentHeader } from '../../csv.ts';
import { errorAnswers } from '../../route-errors.ts';
import { listQuoteVersions, restoreQuoteVersion, saveQuote, setQuoteStatus } from './edit.ts';
import { exportQuotesCsv, listQuotes, quoteSummary } from './list.ts';
import { deleteQuote, duplicateQuote, viewQuote } from './service.ts';

type Routes = Parameters<FastifyPluginAsyncZod>[0];

const errors = errorAnswers(400, 401, 403, 404);
const conflictErrors = errorAnswers(400, 401, 403, 404, 409);
const config = { module: 'proposal' } as const;
const tags = ['quotes'];
const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

const exportQuotesQuerySchema = listQuotesQuerySchema.omit({ limit: true, cursor: true });

/** The list, its totals by status and its CSV. */
function registerListRoutes(app: Routes): void {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        querystring: listQuotesQuerySchema,
        response: { 200: quoteListSchema, ...errors },
      },
    },
    async (request) => listQuotes(app.db, request.user!.id, request.query),
  );

  app.get(
    '/summary',
    {
      config,
      schema: {
        tags,
        summary: 'Count and value per effective status and currency',
        response: { 200: quoteSummarySchema, ...errors },
      },
    },
    async (request) => quoteSummary(app.db, request.user!.id),
  );

  app.get(
    '/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'CSV of the filtered list (at most 5,000 quotes)',
        querystring: exportQuotesQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { csv } = await exportQuotesCsv(app.db, request.user!.id, request.query, meta(request));
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(`quotes-${date}.csv`))
        .send(csv);
    },
  );
}

/** Reading, autosaving, versions, status and delete of one quote. */
function registerQuoteRoutes(app: Routes): void {
  app.get(
    '/:id',
    {
      config,
      schema: { tags, params: quoteIdParamsSchema, response: { 200: quoteSchema, ...errors } },
    },
    async (request) =>
      viewQuote(app.db, app.config, request.user!.id, request.params.id, meta(request)),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Autosave the document (409 version_conflict when another save came first)',
        params: quoteIdParamsSchema,
        body: updateQuoteBodySchema,
        response: { 200: quoteSchema, ...conflictErrors },
      },
    },
    async (request) =>
      saveQuote(
        app.db,
        app.config,
        request.user!.id,
        request.params.id,
        request.body,
        meta(request),
      ),
  );

  app.get(
    '/:id/versions',
    {
      config,
      schema: {
        tags,
        params: quoteIdParamsSchema,
        response: { 200: quoteVersionListSchema, ...errors },
      },
    },
    async (request) => listQuoteVersions(app.db, request.user!.id, request.params.id),
  );

  app.post(
    '/:id/versions/:number/restore',
    {
      config,
      schema: {
        tags,
        params: quoteVersionParamsSchema,
        response: { 200: quoteSchema, ...conflictErrors },
      },
    },
    async (request) =>
      restoreQuoteVersion(
        app.db,
        app.config,
        request.user!.id,
        request.params.id,
        request.params.number,
        meta(request),
      ),
  );

  app.post(
    '/:id/status',
    {
      config,
      schema: {
        tags,
        summary: 'Mark the quote sent or back to draft',
        params: quoteIdParamsSchema,
        body: setQuoteStatusBodySchema,
        response: { 200: quoteSchema, ...conflictErrors },
      },
    },
    async (request) =>
      setQuoteStatus(
        app.db,
        app.config,
        request.user!.id,
        request.params.id,
        request.body.status,
        meta(request),
      ),
  );

  app.post(
    '/:id/duplicate',
    {
      config,
      schema: {
        tags,
        summary: 'Copy the quote into a new draft (how an accepted or declined quote is revised)',
        params: quoteIdParamsSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errors },
      },
    },
    async (request, reply) => {
      const copy = await duplicateQuote(app.db, request.user!.id, request.params.id, meta(request));
      return reply.status(201).send(copy);
    },
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete the quote for good',
        params: quoteIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteQuote(app.db, request.user!.id, request.params.id, meta(request));
      return reply.status(204).send(null);
    },
  );
}

/** /api/quotes: the caller's quotes (list, read, autosave, versions, status, delete). */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoutes(app);
  registerQuoteRoutes(app);
};

export default quoteRoutes;
