import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '#contract/errors';

const DATABASE_RETRY_AFTER_SECONDS = '2';

const readiness = {
  200: z.object({ status: z.literal('ok') }),
  // Unavailable: the database does not answer, or the process sheds load (the error shape).
  503: z.union([z.object({ status: z.literal('unavailable') }), apiErrorSchema]),
};

/**
 * Liveness (`/live`: the process answers; restart it when this fails) and readiness (`/ready`,
 * and `/` for existing probes: the database answers and the process is not shutting down; send
 * it no traffic while this fails). A load balancer reads readiness, a supervisor liveness.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of ['/', '/ready']) {
    app.get(
      url,
      {
        config: { public: true },
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database answers and the process takes traffic',
          response: readiness,
        },
      },
      async (_request, reply) => {
        if (await app.database.ping()) return { status: 'ok' as const };
        return reply
          .status(503)
          .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
          .send({ status: 'unavailable' as const });
      },
    );
  }

  app.get(
    '/live',
    {
      // A process that is busy is still alive: liveness is never shed under load.
      config: { public: true, pressureHandler: () => undefined },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (no database check)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};

export default healthRoutes;
