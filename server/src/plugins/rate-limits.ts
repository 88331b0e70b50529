import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.ts';

/**
 * Per-user request budgets, counted after authentication so each user has their own (public
 * routes fall back to the caller's address). Failed sign-ins are limited per address earlier, in
 * the auth plugin, before any token is checked.
 */
export default fp(
  async function rateLimitsPlugin(app: FastifyInstance, options: { config: Config }) {
    const { config } = options;
    await app.register(rateLimit, {
      hook: 'preHandler',
      max: (request) =>
        isWrite(request.method) ? config.writeRateLimitPerMinute : config.rateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) =>
        `${isWrite(request.method) ? 'write' : 'read'}:${request.user?.id ?? request.ip}`,
      // Probes poll the health routes; they are never limited.
      allowList: (request) =>
        request.routeOptions.config?.public === true &&
        (request.routeOptions.url ?? '').startsWith('/api/health'),
    });
  },
  { name: 'rate-limits', dependencies: ['auth', 'security'] },
);

function isWrite(method: string) {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
