import type { Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { rfpTextSchema } from '#contract/quotes-api';

import { HttpError } from '../../http-error.ts';
import { errorAnswers } from '../../route-errors.ts';
import { readRfpFile, RFP_FILE_MAX_BYTES, shownFileName } from './rfp-file.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  new HttpError(
    413,
    'payload_too_large',
    'The file is larger than 15 MB. Paste the parts of the RFP to price instead.',
  );

/** The one file of a multipart request, refusing anything else with a message a person can act on. */
async function oneFile(
  app: App,
  parts: AsyncIterableIterator<Multipart>,
): Promise<{ fileName: string; data: Buffer }> {
  let file: { fileName: string; data: Buffer } | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (file) throw new HttpError(400, 'validation_failed', 'Upload one file at a time.');
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
        400,
        'validation_failed',
        'Upload one file at a time, with no other fields.',
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
  return file;
}

/** POST /api/quotes/rfp-text: an uploaded RFP (PDF, DOCX or TXT) as text, nothing stored. */
export function registerRfpTextRoute(app: App): void {
  app.post(
    '/rfp-text',
    {
      config: { module: 'proposal', idempotency: 'claim' },
      bodyLimit: RFP_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      schema: {
        tags: ['quotes'],
        summary: 'Read an RFP file (multipart field "file": PDF, DOCX or TXT, up to 15 MB) as text',
        consumes: ['multipart/form-data'],
        response: { 200: rfpTextSchema, ...errorAnswers(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the RFP as multipart/form-data with one field named "file".',
        );
      }
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > RFP_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
      const file = await oneFile(app, request.parts());
      return readRfpFile({ fileName: shownFileName(file.fileName), data: file.data });
    },
  );
}
