import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.ts';

/** Seconds a shed caller waits before trying again. */
const RETRY_AFTER_SECONDS = 5;
/** How often the event-loop delay is sampled (ms). */
const SAMPLE_INTERVAL_MS = 500;

/**
 * When the event loop falls behind (requests would wait longer than the configured delay before
 * any of their code runs), new requests are answered at once with 503 and Retry-After rather than
 * queued to time out. The error handler gives the answer the usual error shape. Liveness is never
 * shed: a busy process is alive. Routes opt out with `config.pressureHandler: () => undefined`.
 */
export default fp(
  async function loadSheddingPlugin(app: FastifyInstance, options: { config: Config }) {
    const { maxEventLoopDelayMs } = options.config;
    if (maxEventLoopDelayMs === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      sampleInterval: SAMPLE_INTERVAL_MS,
      retryAfter: RETRY_AFTER_SECONDS,
      message: 'The server is busy. Try again in a few seconds.',
    });
  },
  { name: 'load-shedding', dependencies: ['errors'] },
);
