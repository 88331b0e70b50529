import type { FastifyReply } from 'fastify';

import { apiErrorSchema } from '#contract/errors';
import {
  fileIdParamsSchema,
  itemFileParamsSchema,
  itemIdParamsSchema,
  PORTFOLIO_MAX_FILES_PER_ITEM,
  portfolioItemSchema,
  portfolioUploadLimitsSchema,
  uploadPortfolioFileResultSchema,
} from '#contract/portfolio';

import { HttpError } from '../../http-error.ts';
import { errors, moduleGate, type PortfolioApp } from './routes-common.ts';
import * as service from './service.ts';
import { formatBytes } from './upload.ts';

/** Portfolio files: upload to an item, delete, download, thumbnail. */

const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export function registerUploadRoute(
  app: PortfolioApp,
  deps: service.PortfolioDeps,
  uploadMaxBytes: number,
) {
  app.get(
    '/upload-limits',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'The largest file an upload may be, and how many files an item may hold',
        response: { 200: portfolioUploadLimitsSchema, ...errors },
      },
    },
    async () => ({ maxBytes: uploadMaxBytes, maxFilesPerItem: PORTFOLIO_MAX_FILES_PER_ITEM }),
  );

  app.post(
    '/items/:id/files',
    {
      config: { ...moduleGate, idempotency: 'claim' },
      bodyLimit: uploadMaxBytes + MULTIPART_OVERHEAD_BYTES,
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
      const max = uploadMaxBytes;
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
}

export function registerFileRoutes(app: PortfolioApp, deps: service.PortfolioDeps) {
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
}

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
