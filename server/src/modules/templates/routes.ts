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

import { recordActivity } from '../activities/service.ts';
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
      const template = await service.createTemplate(app.db, request.user!.id, request.body);
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: service.templateActivity(template.kind, 'create'),
        details: { templateId: template.id, unknownVariables: template.unknownVariables },
        templateName: template.name,
        userAgent: request.headers['user-agent'],
      });
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
    async (request) => {
      const template = await service.updateTemplate(
        app.db,
        request.user!.id,
        request.params.id,
        request.body,
      );
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: service.templateActivity(template.kind, 'edit'),
        details: { templateId: template.id, fields: Object.keys(request.body) },
        templateName: template.name,
        userAgent: request.headers['user-agent'],
      });
      return template;
    },
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
    async (request) => {
      await service.getTemplateRow(app.db, request.user!.id, request.params.id);
      const row = await service.markTemplateUsed(app.db, request.user!.id, request.params.id);
      const template = service.toTemplate(row!);
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: service.templateActivity(template.kind, 'use'),
        details: { templateId: template.id, via: 'copy' },
        templateName: template.name,
        userAgent: request.headers['user-agent'],
      });
      return template;
    },
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
      const row = await service.deleteTemplate(app.db, request.user!.id, request.params.id);
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: service.templateActivity(row.kind, 'delete'),
        details: { templateId: row.id },
        templateName: row.name,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(204).send(null);
    },
  );
}

/** /api/templates: response (and quote) templates of the caller. */
const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReadAndCreateRoutes(app);
  registerChangeRoutes(app);
};

export default templateRoutes;
