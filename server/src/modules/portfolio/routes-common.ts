import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorAnswers } from '../../route-errors.ts';

/** What the portfolio route files share: the app they add routes to, the gate, the errors. */
export type PortfolioApp = Parameters<FastifyPluginAsyncZod>[0];

export const moduleGate = { module: 'portfolio' as const };

export const errors = errorAnswers(400, 401, 403, 404);
