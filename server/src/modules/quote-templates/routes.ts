import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/quote-templates: the caller's quote templates */
const quoteTemplateRoutes: FastifyPluginAsyncZod = async () => {};

export default quoteTemplateRoutes;
