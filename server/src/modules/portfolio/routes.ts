import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '#contract/errors';
import {
  createPortfolioItemBodySchema,
  deletePortfolioItemQuerySchema,
  fileIdParamsSchema,
  itemFileParamsSchema,
  itemIdParamsSchema,
  listPortfolioQuerySchema,
  movePortfolioItemBodySchema,
  portfolioFacetsSchema,
  portfolioItemSchema,
  portfolioPageSchema,
  portfolioSearchQuerySchema,
  portfolioSearchResultSchema,
  updatePortfolioItemBodySchema,
  uploadPortfolioFileResultSchema,
} from '#contract/portfolio';

import { HttpError } from '../../http-error.ts';
import { DiskFileStore } from '../../storage/disk-store.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { defaultEmbedder } from './embedder.ts';
import * as service from './service.ts';
import { formatBytes } from './upload.ts';

export type PortfolioRoutesOptions = {
  /** Tests and other deployments pass their own store (an object store later). */
  store?: FileStore;
  embedder?: service.PortfolioDeps['embedder'];
};

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** /api/portfolio: items, files, search (issue 5). Every route needs the 'portfolio' module. */
const portfolioRoutes: FastifyPluginAsyncZod<PortfolioRoutesOptions> = async (app, options) => {
  const config = app.config;
  const store = options.store ?? new DiskFileStore(config.uploadsDir);
  const pending = new Set<Promise<unknown>>();
  const deps: service.PortfolioDeps = {
    db: app.db,
    store,
    uploadMaxBytes: config.uploadMaxBytes,
    embedder: options.embedder ?? defaultEmbedder(app),
    background: (task) => {
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
  };

  app.userDataCleanups.push((userId) => store.deletePrefix(`${service.STORAGE_AREA}/${userId}`));

  const purge = () =>
    service
      .purgeExpiredItems(deps)
      .catch((error: unknown) => app.log.warn({ err: error }, 'portfolio purge failed'));
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    deps.background?.(purge());
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Background embeddings get a few seconds to finish; a slow provider never blocks shutdown.
    await Promise.race([
      Promise.allSettled([...pending]),
      new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
  });

  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: config.uploadMaxBytes,
      files: 1,
      fields: 4,
      fieldSize: 1_024,
      parts: 5,
      headerPairs: 32,
    },
  });

  const moduleGate = { module: 'portfolio' as const };

  app.get(
    '/items',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'The caller’s portfolio items in their order, optionally filtered',
        querystring: listPortfolioQuerySchema,
        response: { 200: portfolioPageSchema, ...errors },
      },
    },
    async (request) => service.listPortfolio(deps, request.user!, request.query),
  );

  app.get(
    '/facets',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Skills and industries of the caller’s items, with counts (for filters)',
        response: { 200: portfolioFacetsSchema, ...errors },
      },
    },
    async (request) => service.portfolioFacets(deps, request.user!),
  );

  app.get(
    '/search',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Search by words (full text) or by meaning (AI), with why each item matched',
        querystring: portfolioSearchQuerySchema,
        response: { 200: portfolioSearchResultSchema, ...errors },
      },
    },
    async (request) => service.searchPortfolioFor(deps, request.user!, request.query),
  );

  app.post(
    '/items',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Create an item (placed first)',
        body: createPortfolioItemBodySchema,
        response: { 201: portfolioItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPortfolioItem(deps, request.user!, request.body)),
  );

  app.get(
    '/items/:id',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'One item with its files and citation counts',
        params: itemIdParamsSchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) => service.getPortfolioItem(deps, request.user!, request.params.id),
  );

  app.patch(
    '/items/:id',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Change an item (fields not sent are kept)',
        params: itemIdParamsSchema,
        body: updatePortfolioItemBodySchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) =>
      service.updatePortfolioItem(deps, request.user!, request.params.id, request.body),
  );

  app.delete(
    '/items/:id',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary:
          'Move an item to the bin (undo with /restore), or delete it now with ?permanent=true',
        params: itemIdParamsSchema,
        querystring: deletePortfolioItemQuerySchema,
        response: { 200: portfolioItemSchema, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.permanent) {
        await service.deletePortfolioItemNow(deps, request.user!, request.params.id);
        return reply.status(204).send(null);
      }
      return service.binPortfolioItem(deps, request.user!, request.params.id);
    },
  );

  app.post(
    '/items/:id/restore',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Undo a delete',
        params: itemIdParamsSchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) => service.restorePortfolioItem(deps, request.user!, request.params.id),
  );

  app.post(
    '/items/:id/move',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Place an item directly after another (afterId), or first (afterId: null)',
        params: itemIdParamsSchema,
        body: movePortfolioItemBodySchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) =>
      service.movePortfolioItem(deps, request.user!, request.params.id, request.body.afterId),
  );

  app.post(
    '/items/:id/files',
    {
      config: moduleGate,
      bodyLimit: config.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES,
      schema: {
        tags: ['portfolio'],
        summary: `Upload one file (multipart field "file"): PNG, JPEG, WebP, GIF or PDF`,
        params: itemIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: {
          201: uploadPortfolioFileResultSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const max = config.uploadMaxBytes;
      const tooLarge = () =>
        new HttpError(
          413,
          'payload_too_large',
          `The file is larger than the limit of ${formatBytes(max)}.`,
        );
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the file as multipart/form-data with one field named "file".',
        );
      }
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > max + MULTIPART_OVERHEAD_BYTES) throw tooLarge();

      let file: { fileName: string; data: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (file) {
            throw new HttpError(413, 'payload_too_large', 'Upload one file per request.');
          }
          file = { fileName: part.filename ?? '', data: await part.toBuffer() };
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        if (
          error instanceof app.multipartErrors.FilesLimitError ||
          error instanceof app.multipartErrors.PartsLimitError ||
          error instanceof app.multipartErrors.FieldsLimitError
        ) {
          throw new HttpError(
            413,
            'payload_too_large',
            'Upload one file per request, with no other fields.',
          );
        }
        throw new HttpError(
          400,
          'validation_failed',
          'The upload was malformed or interrupted; try again.',
        );
      }
      if (!file) {
        throw new HttpError(
          400,
          'validation_failed',
          'No file in the request: send one field named "file".',
        );
      }
      const result = await service.uploadPortfolioFile(
        deps,
        request.user!,
        request.params.id,
        file,
      );
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/items/:id/files/:fileId',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Remove a file from an item',
        params: itemFileParamsSchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) =>
      service.deletePortfolioFile(deps, request.user!, request.params.id, request.params.fileId),
  );

  app.get(
    '/files/:fileId',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Download a file (owner or admin), always as an attachment',
        params: fileIdParamsSchema,
      },
    },
    async (request, reply) => {
      const opened = await service.openPortfolioFile(
        deps,
        request.user!,
        request.params.fileId,
        'original',
      );
      sendFile(reply, opened, {
        type: opened.file.mime,
        disposition: contentDisposition('attachment', opened.file.originalName),
        cache: 'private, no-store',
      });
      return reply;
    },
  );

  app.get(
    '/files/:fileId/thumbnail',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'The WebP thumbnail of an image file (owner or admin)',
        params: fileIdParamsSchema,
      },
    },
    async (request, reply) => {
      const opened = await service.openPortfolioFile(
        deps,
        request.user!,
        request.params.fileId,
        'thumbnail',
      );
      sendFile(reply, opened, {
        type: 'image/webp',
        disposition: contentDisposition('inline', thumbnailName(opened.file.originalName)),
        cache: 'private, max-age=3600',
      });
      return reply;
    },
  );
};

function sendFile(
  reply: FastifyReply,
  opened: { stream: NodeJS.ReadableStream; size: number },
  headers: { type: string; disposition: string; cache: string },
) {
  reply
    .header('content-type', headers.type)
    .header('content-length', String(opened.size))
    .header('content-disposition', headers.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'none'")
    .header('cross-origin-resource-policy', 'same-site')
    .header('cache-control', headers.cache)
    .send(opened.stream);
}

/**
 * RFC 6266 Content-Disposition: an ASCII fallback `filename` and the exact UTF-8 name in
 * `filename*` (RFC 8187 attr-chars only).
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function thumbnailName(original: string): string {
  const dot = original.lastIndexOf('.');
  return `${dot > 0 ? original.slice(0, dot) : original}.thumbnail.webp`;
}

export default portfolioRoutes;
