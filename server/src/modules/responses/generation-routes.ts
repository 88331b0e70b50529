import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '#contract/errors';
import {
  generateResponseBodySchema,
  improveBodySchema,
  responseIdParamsSchema,
  type GenerationEvent,
} from '#contract/responses';

import { GenerationLimits, GenerationRefused } from '../../ai/generation-limits.ts';
import { openSse } from '../../plugins/sse.ts';
import { activeModel } from '../ai-settings/service.ts';
import { prepareGeneration, runGeneration } from './generation.ts';
import { runImproveStream } from './improve.ts';
import { getResponse } from './service.ts';
import { errorAnswers } from '../../route-errors.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** Where the stream of a generation goes, and the signal that aborts when the client leaves. */
type GenerationStream = { emit: (event: GenerationEvent) => void; signal: AbortSignal };

/**
 * Runs streamed AI work in an event stream: a slot under the generation limits first (a refusal
 * is a plain 429/503 with retry-after), then the stream, then an `end` event whatever happens.
 */
async function streamWork(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: GenerationLimits,
  work: {
    usesModel: boolean;
    run: (stream: GenerationStream) => Promise<{ failed: unknown; stopped: boolean }>;
    /** What the log and the user are told when the work itself breaks. */
    internalError: { log: string; message: string; responseId: string | null };
  },
): Promise<void> {
  let release: () => void;
  try {
    release = limits.acquire(request.user!.id, work.usesModel);
  } catch (error) {
    if (error instanceof GenerationRefused)
      reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
  const sse = openSse(request, reply);
  // A comment line first, so the client sees the stream open before any database or model work.
  sse.comment('generating');
  const emit = (event: GenerationEvent) => sse.send({ event: event.type, data: event.data });
  try {
    const outcome = await work.run({ emit, signal: sse.signal });
    limits.settle(work.usesModel, Boolean(outcome.failed));
    emit({ type: 'end', data: { stopped: outcome.stopped } });
  } catch (error) {
    const { log, message, responseId } = work.internalError;
    request.log.error({ err: error }, log);
    emit({
      type: 'error',
      data: { code: 'internal_error', message, retryable: true, responseId },
    });
    emit({ type: 'end', data: { stopped: false } });
  } finally {
    release();
    sse.end();
  }
}

/** POST /api/responses/generate and /:id/improve: drafts streamed as server-sent events. */
export function registerGenerationRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  meta: (request: FastifyRequest) => { userAgent: string | undefined },
): void {
  const config = { module: 'response' } as const;
  const limits = new GenerationLimits(app.config.ai);

  app.post(
    '/generate',
    {
      config: { ...config, idempotency: 'claim' },
      schema: {
        tags: ['responses'],
        summary: 'Generate one or two drafts for a job (text/event-stream of GenerationEvent)',
        body: generateResponseBodySchema,
        response: { ...errors, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const model = await activeModel(app.db, app.config);
      const prepared = await prepareGeneration(app.db, request.user!, request.body, model);
      await streamWork(request, reply, limits, {
        usesModel: model !== null,
        run: (stream) => runGeneration(app.db, app.config, prepared, stream, meta(request)),
        internalError: {
          log: 'generation failed',
          message: 'Something went wrong while writing the draft. Try again.',
          responseId: null,
        },
      });
    },
  );

  app.post(
    '/:id/improve',
    {
      config: { ...config, idempotency: 'claim' },
      schema: {
        tags: ['responses'],
        summary: 'Stream a rewritten draft (text/event-stream); nothing is saved until accepted',
        params: responseIdParamsSchema,
        body: improveBodySchema,
        response: { ...errors, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await getResponse(app.db, request.user!.id, id);
      const model = await activeModel(app.db, app.config);
      await streamWork(request, reply, limits, {
        usesModel: model !== null,
        run: async (stream) => {
          const { failed } = await runImproveStream(
            app.db,
            app.config,
            request.user!,
            { responseId: id, body: request.body, model },
            stream,
          );
          return { failed, stopped: stream.signal.aborted };
        },
        internalError: {
          log: 'improve failed',
          message: 'Something went wrong while rewriting. Try again.',
          responseId: id,
        },
      });
    },
  );
}
