import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  acceptQuoteBodySchema,
  declineQuoteBodySchema,
  publicQuoteSchema,
  quoteSelectionBodySchema,
  quoteSelectionSchema,
  recordedViewSchema,
  recordViewBodySchema,
  shareTokenParamsSchema,
  shareViewParamsSchema,
  viewDurationBodySchema,
} from '#contract/quote-share';
import { createShareBodySchema, quoteIdParamsSchema, quoteShareSchema } from '#contract/quotes-api';

import { HttpError } from '../../http-error.ts';
import { errorAnswers } from '../../route-errors.ts';
import * as publicService from './public-service.ts';
import * as service from './service.ts';

/**
 * Share links (owner, /api/quotes/:id/share) and the public share page's API
 * (/api/public/quotes/:token). Public routes need no sign-in and are limited per address: reading
 * generously, writing less, answering (accept, decline) least.
 */

type Routes = Parameters<FastifyPluginAsyncZod>[0];

const ownerConfig = { module: 'proposal' } as const;
const MINUTE_MS = 60_000;
export const PUBLIC_READS_PER_MINUTE = 60;
export const PUBLIC_WRITES_PER_MINUTE = 30;
export const PUBLIC_ANSWERS_PER_MINUTE = 10;

const publicConfig = (max: number) =>
  ({ public: true, rateLimit: { max, timeWindow: MINUTE_MS } }) as const;

const ownerErrors = errorAnswers(400, 401, 403, 404, 409);
const publicErrors = errorAnswers(400, 404, 409, 429);
const tags = ['quote-share'];

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

function registerOwnerRoutes(app: Routes): void {
  app.post(
    '/quotes/:id/share',
    {
      config: ownerConfig,
      schema: {
        tags,
        summary: 'A new share link (the previous one stops working); a draft becomes sent',
        params: quoteIdParamsSchema,
        body: createShareBodySchema,
        response: { 201: quoteShareSchema, ...ownerErrors },
      },
    },
    async (request, reply) => {
      const share = await service.createShare(
        app.db,
        app.config,
        request.user!.id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(share);
    },
  );

  app.delete(
    '/quotes/:id/share',
    {
      config: ownerConfig,
      schema: {
        tags,
        summary: 'Revoke the share link',
        params: quoteIdParamsSchema,
        response: { 204: z.null(), ...ownerErrors },
      },
    },
    async (request, reply) => {
      await service.revokeShare(app.db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

function registerPublicReadRoutes(app: Routes): void {
  app.get(
    '/public/quotes/:token',
    {
      config: publicConfig(PUBLIC_READS_PER_MINUTE),
      schema: {
        tags,
        summary: 'The quote behind a share link, as its client sees it',
        security: [],
        params: shareTokenParamsSchema,
        response: { 200: publicQuoteSchema, ...publicErrors },
      },
    },
    async (request) => publicService.getPublicQuote(app.db, request.params.token),
  );

  app.post(
    '/public/quotes/:token/views',
    {
      config: publicConfig(PUBLIC_WRITES_PER_MINUTE),
      schema: {
        tags,
        summary: 'Record an opening of the share page',
        security: [],
        params: shareTokenParamsSchema,
        body: recordViewBodySchema,
        response: { 201: recordedViewSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const view = await publicService.recordView(app.db, request.params.token, meta(request));
      return reply.status(201).send(view);
    },
  );

  app.post(
    '/public/quotes/:token/views/:viewId',
    {
      config: publicConfig(PUBLIC_WRITES_PER_MINUTE),
      schema: {
        tags,
        summary: 'Time spent on the page (sent with sendBeacon; text/plain JSON is accepted)',
        security: [],
        params: shareViewParamsSchema,
        body: viewDurationBodySchema,
        response: { 204: z.null(), ...publicErrors },
      },
    },
    async (request, reply) => {
      const { token, viewId } = request.params;
      await publicService.recordViewDuration(app.db, token, viewId, request.body.seconds);
      return reply.status(204).send(null);
    },
  );
}

function registerPublicAnswerRoutes(app: Routes): void {
  app.put(
    '/public/quotes/:token/selection',
    {
      config: publicConfig(PUBLIC_WRITES_PER_MINUTE),
      schema: {
        tags,
        summary: 'Tick optional items; answers the new totals',
        security: [],
        params: shareTokenParamsSchema,
        body: quoteSelectionBodySchema,
        response: { 200: quoteSelectionSchema, ...publicErrors },
      },
    },
    async (request) =>
      publicService.setSelection(app.db, request.params.token, request.body.selectedLineIds),
  );

  app.post(
    '/public/quotes/:token/accept',
    {
      config: publicConfig(PUBLIC_ANSWERS_PER_MINUTE),
      schema: {
        tags,
        summary: 'Accept the quote with a typed name',
        security: [],
        params: shareTokenParamsSchema,
        body: acceptQuoteBodySchema,
        response: { 200: publicQuoteSchema, ...publicErrors },
      },
    },
    async (request) =>
      publicService.answerQuote(
        app.db,
        app.events,
        request.params.token,
        { decision: 'accepted', ...request.body },
        meta(request),
      ),
  );

  app.post(
    '/public/quotes/:token/decline',
    {
      config: publicConfig(PUBLIC_ANSWERS_PER_MINUTE),
      schema: {
        tags,
        summary: 'Decline the quote with a reason',
        security: [],
        params: shareTokenParamsSchema,
        body: declineQuoteBodySchema,
        response: { 200: publicQuoteSchema, ...publicErrors },
      },
    },
    async (request) =>
      publicService.answerQuote(
        app.db,
        app.events,
        request.params.token,
        { decision: 'declined', reason: request.body.reason },
        meta(request),
      ),
  );
}

/**
 * navigator.sendBeacon sends a string as text/plain, which needs no CORS preflight; the body is
 * still JSON. This parser is scoped to these routes.
 */
function parsePlainTextAsJson(app: Routes): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string) as unknown);
    } catch {
      done(new HttpError(400, 'validation_failed', 'The body is not valid JSON.'), undefined);
    }
  });
}

const quoteShareRoutes: FastifyPluginAsyncZod = async (app) => {
  parsePlainTextAsJson(app);
  registerOwnerRoutes(app);
  registerPublicReadRoutes(app);
  registerPublicAnswerRoutes(app);
};

export default quoteShareRoutes;
