import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

import { ERROR_CODES, type ApiError } from '#contract/errors';

import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError } from '../http-error.ts';

/** Seconds a caller waits before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = '2';

/**
 * One JSON error shape for every failure. 4xx carry a message a person can act on; 5xx never
 * leak internals (stack traces, SQL, provider answers) to the caller.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const body = toApiError(error);
      const status = statusOf(error);
      if (status === 503) {
        request.log.warn({ err: loggableError(error) }, 'request refused: service unavailable');
      } else if (status >= 500) {
        request.log.error({ err: loggableError(error) }, 'request failed');
      } else if (status === 401 || status === 403) {
        request.log.info(
          { outcome: status, code: body.error.code, uid: request.user?.uid },
          'access refused',
        );
      }
      if (status === 429 && !reply.getHeader('retry-after')) {
        // The wait the error itself names (an upstream's Retry-After), else a minute.
        reply.header('retry-after', String(retryAfterOf(error) ?? 60));
      }
      if (status === 503 && !reply.getHeader('retry-after')) {
        reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      }
      return reply.status(status).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ApiError = {
        error: {
          code: ERROR_CODES.notFound,
          message: `No route ${request.method} ${request.url.split('?')[0]}`,
        },
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'errors' },
);

function statusOf(error: FastifyError): number {
  if (error instanceof HttpError) return error.statusCode;
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  if (isResponseSerializationError(error)) return 500;
  if (isDatabaseUnavailable(error)) return 503;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

function toApiError(error: FastifyError): ApiError {
  if (error instanceof HttpError) {
    return {
      error: {
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'request';
    const details = error.validation.map((issue) => ({
      path: [context, ...pathOf(issue.instancePath)].join('.'),
      message: issue.message ?? 'is not valid',
    }));
    const first = details
      .slice(0, 3)
      .map((detail) => `${detail.path}: ${detail.message}`)
      .join('; ');
    return {
      error: { code: ERROR_CODES.validation, message: `Check your input: ${first}`, details },
    };
  }
  const status = statusOf(error);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        error: { code: ERROR_CODES.payloadTooLarge, message: 'The request body is too large.' },
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        error: {
          code: ERROR_CODES.unsupportedMediaType,
          message: 'Send the body as application/json.',
        },
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        error: {
          code: ERROR_CODES.validation,
          message: 'The request body is empty; send a JSON object.',
        },
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        error: { code: ERROR_CODES.validation, message: 'The request body is not valid JSON.' },
      };
    default:
      break;
  }
  if (status === 429) {
    return {
      error: {
        code: ERROR_CODES.rateLimited,
        message: 'Too many requests. Wait a moment and try again.',
      },
    };
  }
  if (status === 413) {
    return {
      error: {
        code: ERROR_CODES.payloadTooLarge,
        message: error.message || 'The upload is too large.',
      },
    };
  }
  if (status < 500) {
    return {
      error: {
        code: status === 404 ? ERROR_CODES.notFound : ERROR_CODES.validation,
        message: error.message,
      },
    };
  }
  if (status === 503) {
    return {
      error: {
        code: ERROR_CODES.unavailable,
        message: 'The service is unavailable right now. Try again shortly.',
      },
    };
  }
  return {
    error: {
      code: ERROR_CODES.internal,
      message:
        'Something went wrong on our side. Try again; if it keeps happening, contact support.',
    },
  };
}

/**
 * What a failure's log line carries: its type, code, message and stack, and the type and code of
 * its causes. A failed query's parameters (user input, perhaps secrets) are cut from the message
 * and stack, and no other property of the error or its causes is copied.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { message, stack } = withoutQueryParams(error);
  const code = (error as { code?: unknown }).code;
  const cause: unknown = error.cause;
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(depth === 0 ? { message, stack } : {}),
    ...(cause instanceof Error && depth < 3 ? { cause: loggableError(cause, depth + 1) } : {}),
  };
}

/** Drizzle's failed-query error writes `Failed query: <sql>\nparams: <values>` as its message. */
function withoutQueryParams(error: Error): { message: string; stack: string | undefined } {
  const { params } = error as { params?: unknown };
  const marker = error.message.indexOf('\nparams:');
  if (params === undefined && marker === -1) return { message: error.message, stack: error.stack };
  const message = marker === -1 ? error.message : error.message.slice(0, marker);
  // The stack starts with the full message; only the frames after it are kept.
  const head = `${error.name}: ${error.message}`;
  const frames = error.stack?.startsWith(head) ? error.stack.slice(head.length) : '';
  return { message, stack: `${error.name}: ${message}${frames}` };
}

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}

/** The `retryAfterSeconds` an error carries in its details, when it is a positive number. */
function retryAfterOf(error: unknown): number | null {
  const details = (error as { details?: unknown }).details;
  if (typeof details !== 'object' || details === null) return null;
  const seconds = (details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : null;
}
