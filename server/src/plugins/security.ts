import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.ts';

/**
 * Headers and CORS for every API answer, whatever its status. It is registered before the auth
 * plugin, so refusals (401, 403, 429) carry the same headers as successes and a browser can read
 * them instead of reporting a network failure.
 */
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

    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-request-id', request.id);
      // Every answer of the API is private to its caller: none is kept by a shared cache.
      if (!reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security' },
);
