import cors from '@fastify/cors';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.ts';

/** Headers, CORS and rate limits for every API response (reliability checks 16-18, 24). */
export default fp(
  async function securityPlugin(app: FastifyInstance, options: { config: Config }) {
    const { config } = options;

    // The API's headers never vary, so helmet's middleware is built once here; @fastify/helmet
    // rebuilds it on every request (5% of the API's CPU under load).
    const applySecurityHeaders = helmet({
      // The API serves JSON, so its CSP forbids everything; the SPA server sets the SPA's own.
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      hsts: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(request.raw, reply.raw, () => done());
    });

    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      // Only the configured SPA origins, echoed exactly; never '*'.
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id'],
      exposedHeaders: ['x-request-id', 'retry-after', 'content-disposition'],
      maxAge: 600,
    });

    await app.register(rateLimit, {
      // Keyed after authentication so each user has their own budget (falls back to the IP).
      hook: 'preHandler',
      max: (request) =>
        isWrite(request.method) ? config.writeRateLimitPerMinute : config.rateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) =>
        `${isWrite(request.method) ? 'write' : 'read'}:${request.user?.id ?? request.ip}`,
      allowList: (request) =>
        request.routeOptions.config?.public === true && request.url === '/api/health',
    });

    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-request-id', request.id);
      if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security', dependencies: ['auth'] },
);

function isWrite(method: string) {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
