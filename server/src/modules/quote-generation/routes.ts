import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/quotes/generate and /api/quotes/rfp-text: the quote agent and RFP upload */
const quoteGenerationRoutes: FastifyPluginAsyncZod = async () => {};

export default quoteGenerationRoutes;
