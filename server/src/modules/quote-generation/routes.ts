import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '#contract/errors';
import { generateQuoteBodySchema, type QuoteGenerationEvent } from '#contract/quotes-api';

import { GenerationLimits, GenerationRefused } from '../../ai/generation-limits.ts';
import { openSse } from '../../plugins/sse.ts';
import { errorAnswers } from '../../route-errors.ts';
import { activeModel } from '../ai-settings/service.ts';
import { prepareQuoteGeneration, runQuoteGeneration } from './generate.ts';
import { RFP_FILE_MAX_BYTES } from './rfp-file.ts';
import { registerRfpTextRoute } from './rfp-text-route.ts';

/** /api/quotes/generate and /api/quotes/rfp-text: the quote agent and RFP upload */
const quoteGenerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { module: 'proposal' } as const;
  const limits = new GenerationLimits(app.config.ai);

  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: RFP_FILE_MAX_BYTES,
      files: 1,
      fields: 4,
      fieldSize: 1_024,
      parts: 5,
      headerPairs: 32,
    },
  });
  registerRfpTextRoute(app);

  app.post(
    '/generate',
    {
      config: { ...config, idempotency: 'claim' },
      schema: {
        tags: ['quotes'],
        summary: 'Generate a quote from an RFP (text/event-stream of QuoteGenerationEvent)',
        body: generateQuoteBodySchema,
        response: { ...errorAnswers(400, 401, 403, 404), 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const model = await activeModel(app.db, app.config);
      // Foreign jobs, responses and templates answer 404 here, before the stream opens.
      const prepared = await prepareQuoteGeneration(app.db, user, request.body, model);
      let release: () => void;
      try {
        release = limits.acquire(user.id, model !== null);
      } catch (error) {
        if (error instanceof GenerationRefused)
          reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      const sse = openSse(request, reply);
      // A comment first, so the client sees the stream open before any database or model work.
      sse.comment('generating');
      const emit = (event: QuoteGenerationEvent) =>
        sse.send({ event: event.type, data: event.data });
      try {
        const outcome = await runQuoteGeneration(
          app.db,
          app.config,
          prepared,
          { emit, signal: sse.signal },
          { userAgent: request.headers['user-agent'] },
        );
        limits.settle(model !== null, Boolean(outcome.failed));
        emit({ type: 'end', data: { stopped: outcome.stopped } });
      } catch (error) {
        request.log.error({ err: error }, 'quote generation failed');
        emit({
          type: 'error',
          data: {
            code: 'internal_error',
            message: 'Something went wrong while writing the quote. Try again.',
            retryable: true,
          },
        });
        emit({ type: 'end', data: { stopped: false } });
      } finally {
        release();
        sse.end();
      }
    },
  );
};

export default quoteGenerationRoutes;
