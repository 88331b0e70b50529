import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** share links (owner) and the public share page's API */
const quoteShareRoutes: FastifyPluginAsyncZod = async () => {};

export default quoteShareRoutes;
