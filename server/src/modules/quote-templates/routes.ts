import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createQuoteTemplateBodySchema,
  listQuoteTemplatesQuerySchema,
  quoteTemplateIdParamsSchema,
  quoteTemplateListSchema,
  quoteTemplateSchema,
  updateQuoteTemplateBodySchema,
} from '#contract/quote-templates';

import * as service from './service.ts';
import { errorAnswers } from '../../route-errors.ts';

const errors = errorAnswers(400, 401, 403, 404);
const config = { module: 'proposal' } as const;
const tags = ['quote-templates'];

type Routes = Parameters<FastifyPluginAsyncZod>[0];

/** Listing, creating and reading quote templates. */
function registerReadAndCreateRoutes(app: Routes): void {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        querystring: listQuoteTemplatesQuerySchema,
        response: { 200: quoteTemplateListSchema, ...errors },
      },
    },
    async (request) => service.listQuoteTemplates(app.db, request.user!.id, request.query),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        body: createQuoteTemplateBodySchema,
        response: { 201: quoteTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const template = await service.createQuoteTemplate(
        app.db,
        request.user!.id,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(201).send(template);
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        params: quoteTemplateIdParamsSchema,
        response: { 200: quoteTemplateSchema, ...errors },
      },
    },
    async (request) => service.getQuoteTemplate(app.db, request.user!.id, request.params.id),
  );
}

/** Editing, making default and deleting one quote template. */
function registerChangeRoutes(app: Routes): void {
  app.patch(
    '/:id',
    {
      config,
      schema: {
        tags,
        params: quoteTemplateIdParamsSchema,
        body: updateQuoteTemplateBodySchema,
        response: { 200: quoteTemplateSchema, ...errors },
      },
    },
    async (request) =>
      service.updateQuoteTemplate(
        app.db,
        request.user!.id,
        request.params.id,
        request.body,
        request.headers['user-agent'],
      ),
  );

  app.post(
    '/:id/default',
    {
      config,
      schema: {
        tags,
        params: quoteTemplateIdParamsSchema,
        response: { 200: quoteTemplateSchema, ...errors },
      },
    },
    async (request) =>
      service.makeDefaultQuoteTemplate(
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
        tags,
        params: quoteTemplateIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteQuoteTemplate(
        app.db,
        request.user!.id,
        request.params.id,
        request.headers['user-agent'],
      );
      return reply.status(204).send(null);
    },
  );
}

/** /api/quote-templates: the caller's quote templates (response templates are /api/templates). */
const quoteTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReadAndCreateRoutes(app);
  registerChangeRoutes(app);
};

export default quoteTemplateRoutes;
