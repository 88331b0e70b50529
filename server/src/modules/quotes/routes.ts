import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/quotes: the caller's quotes (list, read, autosave, versions, status, delete) */
const quoteRoutes: FastifyPluginAsyncZod = async () => {};

export default quoteRoutes;
