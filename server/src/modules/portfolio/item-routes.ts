import { z } from 'zod';

import {
  createPortfolioItemBodySchema,
  deletePortfolioItemQuerySchema,
  itemIdParamsSchema,
  listPortfolioQuerySchema,
  movePortfolioItemBodySchema,
  portfolioItemSchema,
  portfolioPageSchema,
  updatePortfolioItemBodySchema,
} from '#contract/portfolio';

import { errors, moduleGate, type PortfolioApp } from './routes-common.ts';
import * as service from './service.ts';

/** Portfolio items: list, create, read, edit; the bin (delete, restore) and the order. */
export function registerItemRoutes(app: PortfolioApp, deps: service.PortfolioDeps) {
  app.get(
    '/items',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'The caller’s portfolio items in their order, optionally filtered',
        querystring: listPortfolioQuerySchema,
        response: { 200: portfolioPageSchema, ...errors },
      },
    },
    async (request) => service.listPortfolio(deps, request.user!, request.query),
  );

  app.post(
    '/items',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Create an item (placed first)',
        body: createPortfolioItemBodySchema,
        response: { 201: portfolioItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPortfolioItem(deps, request.user!, request.body)),
  );

  app.get(
    '/items/:id',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'One item with its files and citation counts',
        params: itemIdParamsSchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) => service.getPortfolioItem(deps, request.user!, request.params.id),
  );

  app.patch(
    '/items/:id',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Change an item (fields not sent are kept)',
        params: itemIdParamsSchema,
        body: updatePortfolioItemBodySchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) =>
      service.updatePortfolioItem(deps, request.user!, request.params.id, request.body),
  );
}

export function registerItemBinRoutes(app: PortfolioApp, deps: service.PortfolioDeps) {
  app.delete(
    '/items/:id',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary:
          'Move an item to the bin (undo with /restore), or delete it now with ?permanent=true',
        params: itemIdParamsSchema,
        querystring: deletePortfolioItemQuerySchema,
        response: { 200: portfolioItemSchema, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.permanent) {
        await service.deletePortfolioItemNow(deps, request.user!, request.params.id);
        return reply.status(204).send(null);
      }
      return service.binPortfolioItem(deps, request.user!, request.params.id);
    },
  );

  app.post(
    '/items/:id/restore',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Undo a delete',
        params: itemIdParamsSchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) => service.restorePortfolioItem(deps, request.user!, request.params.id),
  );

  app.post(
    '/items/:id/move',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Place an item directly after another (afterId), or first (afterId: null)',
        params: itemIdParamsSchema,
        body: movePortfolioItemBodySchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) =>
      service.movePortfolioItem(deps, request.user!, request.params.id, request.body.afterId),
  );
}
