import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createTemplateBodySchema,
  listTemplatesQuerySchema,
  previewTemplateBodySchema,
  templateIdParamsSchema,
  templateListSchema,
  templatePreviewSchema,
  templateSchema,
  updateTemplateBodySchema,
} from '#contract/templates';

import * as service from './service.ts';
import { errorAnswers } from '../../route-errors.ts';

const errors = errorAnswers(400, 401, 403, 404);

type Routes = Parameters<FastifyPluginAsyncZod>[0];
const config = { module: 'response' } as const;

/** Listing, creating, previewing and reading templates. */
function registerReadAndCreateRoutes(app: Routes): void {
  app.get(
    '/',
    {
      config,
      schema: {
        tags: ['templates'],
        querystring: listTemplatesQuerySchema,
        response: { 200: templateListSchema, ...errors },
      },
    },
    async (request) => service.listTemplates(app.db, request.user!.id, request.query),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags: ['templates'],
        body: createTemplateBodySchema,
        response: { 201: templateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const template = await service.createTemplate(
        app.db,
        request.user!.id,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(201).send(template);
    },
  );

  app.post(
    '/preview',
    {
      config,
      schema: {
        tags: ['templates'],
        body: previewTemplateBodySchema,
        response: { 200: templatePreviewSchema, ...errors },
      },
    },
    async (request) => service.previewTemplate(app.db, request.user!, request.body),
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags: ['templates'],
        params: templateIdParamsSchema,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) =>
      service.toTemplate(await service.getTemplateRow(app.db, request.user!.id, request.params.id)),
  );
}

/** Editing, counting a use of and deleting one template. */
function registerChangeRoutes(app: Routes): void {
  app.patch(
    '/:id',
    {
      config,
      schema: {
        tags: ['templates'],
        params: templateIdParamsSchema,
        body: updateTemplateBodySchema,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) =>
      service.updateTemplate(
        app.db,
        request.user!.id,
        request.params.id,
        request.body,
        request.headers['user-agent'],
      ),
  );

  app.post(
    '/:id/use',
    {
      config,
      schema: {
        tags: ['templates'],
        params: templateIdParamsSchema,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) =>
      service.copyTemplate(
        app.db,
        request.user!.id,
        request.params.id,
        request.headers['user-agent'],
      ),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags: ['templates'],
        params: templateIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteTemplate(
        app.db,
        request.user!.id,
        request.params.id,
        request.headers['user-agent'],
      );
      return reply.status(204).send(null);
    },
  );
}

/** /api/templates: response templates of the caller (quote templates are /api/quote-templates). */
const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReadAndCreateRoutes(app);
  registerChangeRoutes(app);
};

export default templateRoutes;
