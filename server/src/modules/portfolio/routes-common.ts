import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '#contract/errors';

/** What the portfolio route files share: the app they add routes to, the gate, the errors. */
export type PortfolioApp = Parameters<FastifyPluginAsyncZod>[0];

export const moduleGate = { module: 'portfolio' as const };

export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
