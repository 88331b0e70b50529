import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  addLeadLinkBodySchema,
  addLeadNoteBodySchema,
  boardQuerySchema,
  convertLeadBodySchema,
  createLeadBodySchema,
  leadBoardSchema,
  leadDetailSchema,
  leadEventSchema,
  leadIdParamsSchema,
  leadLinkSchema,
  leadListSchema,
  leadSchema,
  leadTagListSchema,
  listLeadsQuerySchema,
  moveLeadBodySchema,
  updateLeadBodySchema,
  upworkContractOptionListSchema,
} from '#contract/leads';
import { z } from 'zod';

import { errorAnswers } from '../../route-errors.ts';
import * as service from './service.ts';

export type LeadRoutesOptions = {
  /** The title of one of the user's quotes or responses, or null: those areas' lookups. */
  linkTitles: { quote: service.LinkTitleLookup; response: service.LinkTitleLookup };
};

const errors = errorAnswers(400, 401, 404);
const tags = ['leads'];
const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

/** /api/leads: the pipeline (list, board, one lead), its edits, the bin, converting. */
const leadRoutes: FastifyPluginAsyncZod<LeadRoutesOptions> = async (app, options) => {
  const db = app.db;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The table: the caller’s leads, searched, filtered, sorted, a page at a time',
        querystring: listLeadsQuerySchema,
        response: { 200: leadListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await service.listLeads(db, request.user!.id, request.query);
      await service.logListQuery(db, request.user!.id, request.query, 'table', meta(request));
      return page;
    },
  );

  app.get(
    '/board',
    {
      schema: {
        tags,
        summary: 'The board: every stage with its count, totals and first leads by position',
        querystring: boardQuerySchema,
        response: { 200: leadBoardSchema, ...errors },
      },
    },
    async (request) => {
      const { perStage, ...filter } = request.query;
      const board = await service.leadBoard(db, request.user!.id, filter, perStage);
      await service.logListQuery(db, request.user!.id, filter, 'board', meta(request));
      return board;
    },
  );

  app.get(
    '/tags',
    {
      schema: {
        tags,
        summary: 'Every tag on the caller’s leads',
        response: { 200: leadTagListSchema, ...errors },
      },
    },
    async (request) => service.leadTags(db, request.user!.id),
  );

  app.get(
    '/upwork-contracts',
    {
      schema: {
        tags,
        summary: 'The caller’s Upwork contracts, to prefill a conversion (409 when not connected)',
        response: { 200: upworkContractOptionListSchema, ...errorAnswers(401, 409, 429, 502) },
      },
    },
    async (request) => service.upworkContractOptions(db, app.config, request.user!.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a lead (at the top of its column)',
        body: createLeadBodySchema,
        response: { 201: leadSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createLead(db, request.user!.id, request.body, meta(request))),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One lead with its links, timeline (newest first), client and contracts',
        params: leadIdParamsSchema,
        response: { 200: leadDetailSchema, ...errors },
      },
    },
    async (request) => service.viewLead(db, request.user!.id, request.params.id, meta(request)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change a lead (fields not sent are kept; a stage change is recorded)',
        params: leadIdParamsSchema,
        body: updateLeadBodySchema,
        response: { 200: leadSchema, ...errors },
      },
    },
    async (request) =>
      service.updateLead(db, request.user!.id, request.params.id, request.body, meta(request)),
  );

  app.post(
    '/:id/move',
    {
      schema: {
        tags,
        summary: 'Move a lead on the board: its stage and the lead it lands before',
        params: leadIdParamsSchema,
        body: moveLeadBodySchema,
        response: { 200: leadSchema, ...errors },
      },
    },
    async (request) =>
      service.moveLead(db, request.user!.id, request.params.id, request.body, meta(request)),
  );

  app.post(
    '/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add a note to the lead’s timeline',
        params: leadIdParamsSchema,
        body: addLeadNoteBodySchema,
        response: { 201: leadEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addLeadNote(
            db,
            request.user!.id,
            request.params.id,
            request.body.body,
            meta(request),
          ),
        ),
  );

  app.post(
    '/:id/links',
    {
      schema: {
        tags,
        summary: 'Link one of the caller’s quotes or responses; answers every link of the lead',
        params: leadIdParamsSchema,
        body: addLeadLinkBodySchema,
        response: { 200: z.object({ links: z.array(leadLinkSchema) }), ...errors },
      },
    },
    async (request) => ({
      links: await service.addLeadLink(
        db,
        request.user!.id,
        request.params.id,
        request.body,
        options.linkTitles,
        meta(request),
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Move a lead to the bin (undo with /restore within 30 days)',
        params: leadIdParamsSchema,
        response: { 200: leadSchema, ...errors },
      },
    },
    async (request) => service.deleteLead(db, request.user!.id, request.params.id, meta(request)),
  );

  app.post(
    '/:id/restore',
    {
      schema: {
        tags,
        summary: 'Undo a delete',
        params: leadIdParamsSchema,
        response: { 200: leadSchema, ...errors },
      },
    },
    async (request) => service.restoreLead(db, request.user!.id, request.params.id),
  );

  app.post(
    '/:id/convert',
    {
      schema: {
        tags,
        summary: 'Convert a won lead into a client with its contract',
        params: leadIdParamsSchema,
        body: convertLeadBodySchema,
        response: { 200: leadDetailSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request) =>
      service.convertLead(db, request.user!.id, request.params.id, request.body, meta(request)),
  );
};

export default leadRoutes;
