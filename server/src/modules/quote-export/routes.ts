import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/quotes/:id/export: PDF and DOCX */
const quoteExportRoutes: FastifyPluginAsyncZod = async () => {};

export default quoteExportRoutes;
