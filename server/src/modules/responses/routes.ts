import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '#contract/errors';
import {
  createResponseBodySchema,
  exportResponsesQuerySchema,
  generateResponseBodySchema,
  improveBodySchema,
  listResponsesQuerySchema,
  responseHistorySchema,
  responseIdParamsSchema,
  responseListSchema,
  responseSchema,
  setResponseStatusBodySchema,
  updateResponseBodySchema,
  versionParamsSchema,
  type GenerationEvent,
} from '#contract/responses';

import { AiLimiter, CircuitBreaker } from '../../ai/limits.ts';
import type { ResolvedModel } from '../../ai/registry.ts';
import { attachmentHeader } from '../../csv.ts';
import { HttpError } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import { activeModel } from '../ai-settings/service.ts';
import * as service from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** /api/responses (issue 6). Every route needs the 'response' module. */
const responseRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { module: 'response' } as const;
  const limiter = new AiLimiter(app.config.ai.maxConcurrent, app.config.ai.ratePerMinute);
  const circuit = new CircuitBreaker();

  /** AI work goes through the caps; the offline engine costs nothing and is not limited. */
  function acquire(userId: string, model: ResolvedModel | null, reply: FastifyReply): () => void {
    if (!model) return () => {};
    const open = circuit.openFor();
    if (open > 0) {
      reply.header('retry-after', String(open));
      throw new HttpError(
        503,
        'service_unavailable',
        `The AI provider failed several times in a row; trying again in ${open} s.`,
      );
    }
    const slot = limiter.acquire(userId);
    if (!slot.ok) {
      reply.header('retry-after', String(slot.retryAfterSeconds));
      throw new HttpError(
        429,
        'rate_limited',
        slot.reason === 'rate'
          ? `You can generate ${app.config.ai.ratePerMinute} drafts a minute. Try again in ${slot.retryAfterSeconds} s.`
          : 'Too many drafts are being written right now. Try again in a few seconds.',
      );
    }
    return slot.release;
  }

  /** Opens a server-sent-events stream; the returned signal aborts when the client goes away. */
  function openStream(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    const headers: Record<string, string> = {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    };
    const corsOrigin = reply.getHeader('access-control-allow-origin');
    if (request.headers.origin && typeof corsOrigin === 'string') {
      headers['access-control-allow-origin'] = corsOrigin;
      headers.vary = 'Origin';
    }
    reply.raw.writeHead(200, headers);
    // A comment line first, so the client sees the stream open before any database or model work.
    reply.raw.write(': generating\n\n');
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) controller.abort();
    });
    const emit = (event: GenerationEvent) => {
      if (reply.raw.writableEnded || reply.raw.destroyed) return;
      reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    };
    return {
      emit,
      signal: controller.signal,
      end: () => {
        if (!reply.raw.writableEnded) reply.raw.end();
      },
    };
  }

  app.post(
    '/generate',
    {
      config,
      schema: {
        tags: ['responses'],
        summary: 'Generate one or two drafts for a job (text/event-stream of GenerationEvent)',
        body: generateResponseBodySchema,
        response: { ...errors, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const model = await activeModel(app.db, app.config);
      const prepared = await service.prepareGeneration(app.db, user, request.body, model);
      const release = acquire(user.id, model, reply);
      const stream = openStream(request, reply);
      try {
        const outcome = await service.runGeneration(
          app.db,
          app.config,
          prepared,
          stream.emit,
          stream.signal,
        );
        if (model) {
          if (outcome.failed) circuit.failure();
          else circuit.success();
        }
        await recordActivity(app.db, {
          userId: user.id,
          action: 'generate_response',
          details: {
            responseIds: outcome.responseIds,
            variants: outcome.responseIds.length,
            offline: model === null,
            model: model ? `${model.provider}:${model.modelId}` : 'offline-engine',
            outcome: outcome.failed ? 'failed' : outcome.stopped ? 'stopped' : 'complete',
            ...(outcome.failed ? { error: outcome.failed.code } : {}),
          },
          jobId: prepared.jobRow?.id ?? null,
          userAgent: request.headers['user-agent'],
        });
        for (const templateId of outcome.templateIds) {
          await recordActivity(app.db, {
            userId: user.id,
            action: 'use_response_template',
            details: {
              templateId,
              responseIds: outcome.responseIds,
              chosenBy: prepared.templateChosen ? 'user' : 'agent',
            },
            jobId: prepared.jobRow?.id ?? null,
            userAgent: request.headers['user-agent'],
          });
        }
        stream.emit({ type: 'end', data: { stopped: outcome.stopped } });
      } catch (error) {
        request.log.error({ err: error }, 'generation failed');
        stream.emit({
          type: 'error',
          data: {
            code: 'internal_error',
            message: 'Something went wrong while writing the draft. Try again.',
            retryable: true,
            responseId: null,
          },
        });
        stream.emit({ type: 'end', data: { stopped: false } });
      } finally {
        release();
        stream.end();
      }
    },
  );

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
      const { csv, count } = await service.exportResponses(app.db, request.user!.id, request.query);
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: 'export_response',
        details: {
          count,
          format: 'csv',
          filters: { ...request.query, ids: request.query.ids ? 'selection' : undefined },
        },
        userAgent: request.headers['user-agent'],
      });
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
      const response = await service.createResponse(app.db, request.user!, request.body);
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: 'edit_response',
        details: { responseId: response.id, created: true },
        jobId: response.jobId,
        userAgent: request.headers['user-agent'],
      });
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
    async (request) => {
      const response = await service.getResponse(app.db, request.user!.id, request.params.id);
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: 'view_response',
        details: { responseId: response.id },
        jobId: response.jobId,
        userAgent: request.headers['user-agent'],
      });
      return response;
    },
  );

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
    async (request) => {
      const response = await service.updateResponse(
        app.db,
        request.user!.id,
        request.params.id,
        request.body,
      );
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: 'edit_response',
        details: {
          responseId: response.id,
          fields: Object.keys(request.body),
          source: request.body.source ?? 'edit',
        },
        jobId: response.jobId,
        userAgent: request.headers['user-agent'],
      });
      return response;
    },
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
    async (request) => {
      const fit =
        request.body.status === 'sent'
          ? await service.jobFitFor(app.db, request.user!.id, request.params.id)
          : null;
      const response = await service.setStatus(
        app.db,
        request.user!.id,
        request.params.id,
        request.body.status,
        fit,
      );
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: 'edit_response',
        details: { responseId: response.id, status: response.status },
        jobId: response.jobId,
        userAgent: request.headers['user-agent'],
      });
      return response;
    },
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
    async (request) => {
      const response = await service.restoreVersion(
        app.db,
        request.user!.id,
        request.params.id,
        request.params.versionId,
      );
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: 'edit_response',
        details: { responseId: response.id, restoredVersionId: request.params.versionId },
        jobId: response.jobId,
        userAgent: request.headers['user-agent'],
      });
      return response;
    },
  );

  app.post(
    '/:id/improve',
    {
      config,
      schema: {
        tags: ['responses'],
        summary: 'Stream a rewritten draft (text/event-stream); nothing is saved until accepted',
        params: responseIdParamsSchema,
        body: improveBodySchema,
        response: { ...errors, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await service.getResponse(app.db, user.id, request.params.id);
      const model = await activeModel(app.db, app.config);
      const release = acquire(user.id, model, reply);
      const stream = openStream(request, reply);
      try {
        const { failed } = await service.runImproveStream(
          app.db,
          app.config,
          user,
          request.params.id,
          request.body,
          model,
          stream.emit,
          stream.signal,
        );
        if (model) {
          if (failed) circuit.failure();
          else circuit.success();
        }
        stream.emit({ type: 'end', data: { stopped: stream.signal.aborted } });
      } catch (error) {
        request.log.error({ err: error }, 'improve failed');
        stream.emit({
          type: 'error',
          data: {
            code: 'internal_error',
            message: 'Something went wrong while rewriting. Try again.',
            retryable: true,
            responseId: request.params.id,
          },
        });
        stream.emit({ type: 'end', data: { stopped: false } });
      } finally {
        release();
        stream.end();
      }
    },
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
      const row = await service.softDelete(app.db, request.user!.id, request.params.id);
      await recordActivity(app.db, {
        userId: request.user!.id,
        action: 'delete_response',
        details: { responseId: row.id, jobTitle: row.jobTitle },
        jobId: row.jobId,
        userAgent: request.headers['user-agent'],
      });
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
};

export default responseRoutes;
