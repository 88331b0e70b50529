import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createResponseBodySchema,
  exportResponsesQuerySchema,
  listResponsesQuerySchema,
  responseHistorySchema,
  responseIdParamsSchema,
  responseListSchema,
  responseSchema,
  setResponseStatusBodySchema,
  updateResponseBodySchema,
  versionParamsSchema,
} from '#contract/responses';

import { attachmentHeader } from '../../csv.ts';
import { exportResponses } from './export.ts';
import { registerGenerationRoutes } from './generation-routes.ts';
import * as service from './service.ts';
import { errorAnswers } from '../../route-errors.ts';

const errors = errorAnswers(400, 401, 403, 404);

type Routes = Parameters<FastifyPluginAsyncZod>[0];
const config = { module: 'response' } as const;
const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

/** Listing, export, creating and opening responses, and the history of one. */
function registerReadAndCreateRoutes(app: Routes): void {
  app.get(
    '/',
    {
      config,
      schema: {
        tags: ['responses'],
        querystring: listResponsesQuerySchema,
        response: { 200: responseListSchema, ...errors },
      },
    },
    async (request) => service.listResponses(app.db, request.user!.id, request.query),
  );

  app.get(
    '/export',
    {
      config,
      schema: {
        tags: ['responses'],
        summary: 'CSV of the filtered (or chosen) responses',
        querystring: exportResponsesQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { csv } = await exportResponses(app.db, request.user!.id, request.query, meta(request));
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(`responses-${date}.csv`))
        .send(csv);
    },
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags: ['responses'],
        body: createResponseBodySchema,
        response: { 201: responseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const response = await service.createResponse(
        app.db,
        request.user!,
        request.body,
        meta(request),
      );
      return reply.status(201).send(response);
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags: ['responses'],
        params: responseIdParamsSchema,
        response: { 200: responseSchema, ...errors },
      },
    },
    async (request) =>
      service.viewResponse(app.db, request.user!.id, request.params.id, meta(request)),
  );

  app.get(
    '/:id/history',
    {
      config,
      schema: {
        tags: ['responses'],
        params: responseIdParamsSchema,
        response: { 200: responseHistorySchema, ...errors },
      },
    },
    async (request) => service.history(app.db, request.user!.id, request.params.id),
  );
}

/** Editing, status, restoring a version, delete and undo of one response. */
function registerEditRoutes(app: Routes): void {
  app.patch(
    '/:id',
    {
      config,
      schema: {
        tags: ['responses'],
        params: responseIdParamsSchema,
        body: updateResponseBodySchema,
        response: { 200: responseSchema, ...errors },
      },
    },
    async (request) =>
      service.updateResponse(
        app.db,
        request.user!.id,
        request.params.id,
        request.body,
        meta(request),
      ),
  );

  app.post(
    '/:id/status',
    {
      config,
      schema: {
        tags: ['responses'],
        params: responseIdParamsSchema,
        body: setResponseStatusBodySchema,
        response: { 200: responseSchema, ...errors },
      },
    },
    async (request) =>
      service.setStatus(
        app.db,
        request.user!.id,
        request.params.id,
        request.body.status,
        meta(request),
      ),
  );

  app.post(
    '/:id/versions/:versionId/restore',
    {
      config,
      schema: {
        tags: ['responses'],
        params: versionParamsSchema,
        response: { 200: responseSchema, ...errors },
      },
    },
    async (request) =>
      service.restoreVersion(
        app.db,
        request.user!.id,
        request.params.id,
        request.params.versionId,
        meta(request),
      ),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags: ['responses'],
        summary: 'Delete (undo with POST /:id/restore within 30 days)',
        params: responseIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.softDelete(app.db, request.user!.id, request.params.id, meta(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/restore',
    {
      config,
      schema: {
        tags: ['responses'],
        summary: 'Undo a delete',
        params: responseIdParamsSchema,
        response: { 200: responseSchema, ...errors },
      },
    },
    async (request) => service.undoDelete(app.db, request.user!.id, request.params.id),
  );
}

/** /api/responses. Every route needs the 'response' module. */
const responseRoutes: FastifyPluginAsyncZod = async (app) => {
  registerGenerationRoutes(app, meta);
  registerReadAndCreateRoutes(app);
  registerEditRoutes(app);
};

export default responseRoutes;
