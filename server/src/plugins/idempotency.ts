import { createHash } from 'node:crypto';

import { and, eq, lt } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';

import type { Database } from '../db/client.ts';
import { runInTransaction } from '../db/request-transaction.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { HttpError } from '../http-error.ts';

/**
 * `Idempotency-Key` on POST: a request retried with the same key runs once, and the retry gets the
 * first answer again (with `Idempotent-Replayed: true`).
 *
 * By default the key row is written in the same transaction as the request's own writes, and
 * every query the handler makes joins that transaction (db/request-transaction.ts). A process
 * killed before the commit leaves neither the row nor the key, so the retry runs afresh; after the
 * commit the retry finds the answer. Two copies in flight at once: the second waits on the key's
 * row until the first commits, then replays it.
 *
 * Routes that stream, take uploads or wait on another service must not hold a transaction that
 * long; they set `config.idempotency: 'claim'`: the key is committed before the work starts, a
 * copy that arrives meanwhile gets 409, and a failed run gives the key back.
 *
 * Only successful answers are kept: a request that fails can be retried with the same key.
 * Keys are per user, at most 255 visible ASCII characters, and kept for a day.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

type Answer = { statusCode: number; contentType: string | null; body: string | null };

/** The key of a request, or undefined when it sent none; a malformed key is a 400. */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !isVisibleAscii(key)) {
    throw new HttpError(
      400,
      'idempotency_key_invalid',
      `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (a UUID is a good choice).`,
    );
  }
  return key;
}

function isVisibleAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x21 || code > 0x7e) return false;
  }
  return true;
}

/** What makes two requests "the same": method, path and query, and the body. */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.url}\n`);
  const body: unknown = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else hash.update(JSON.stringify(body ?? null));
  return hash.digest('base64url');
}

/** The serialized answer a handler gave, for keeping: JSON and text bodies only. */
function answerOf(reply: FastifyReply, payload: unknown): Answer {
  const statusCode = reply.statusCode;
  if (payload === undefined || payload === null || reply.sent) {
    return { statusCode, contentType: null, body: null };
  }
  const given = reply.getHeader('content-type');
  if (typeof payload === 'string') {
    return { statusCode, contentType: typeof given === 'string' ? given : null, body: payload };
  }
  if (Buffer.isBuffer(payload) || typeof (payload as { pipe?: unknown }).pipe === 'function') {
    return { statusCode, contentType: null, body: null };
  }
  const serialized: unknown = reply.serialize(payload);
  return {
    statusCode,
    contentType: typeof given === 'string' ? given : 'application/json; charset=utf-8',
    body: typeof serialized === 'string' ? serialized : null,
  };
}

/**
 * Runs the handler with `reply.send` held back, and returns what it would have sent. A reply is
 * thenable (awaiting it waits for the answer to go out), so while held back it is not: a handler
 * that returns `reply.send(...)` would otherwise wait for an answer that has not been sent.
 */
async function runHeldBack(
  handler: RouteHandlerMethod,
  instance: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Answer> {
  let held: { payload: unknown } | undefined;
  const shadow = (name: 'send' | 'then', value: unknown) =>
    Object.defineProperty(reply, name, { configurable: true, writable: true, value });
  shadow('send', (payload: unknown) => {
    held = { payload };
    return reply;
  });
  shadow('then', undefined);
  let returned: unknown;
  try {
    returned = await handler.call(instance, request, reply);
  } finally {
    Reflect.deleteProperty(reply, 'send');
    Reflect.deleteProperty(reply, 'then');
  }
  const payload = held ? held.payload : returned === reply ? undefined : returned;
  return answerOf(reply, payload);
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.status(answer.statusCode);
  if (answer.contentType) reply.header('content-type', answer.contentType);
  return reply.send(answer.body ?? undefined);
}

/** A failed answer leaves the transaction by throwing, so its writes roll back. */
class FailedAnswer extends Error {
  constructor(readonly answer: Answer) {
    super('the handler answered with an error');
  }
}

async function replay(
  db: Database,
  userId: string,
  key: string,
  fingerprint: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!stored) {
    // The first copy failed and gave the key back between our insert and this read.
    throw new HttpError(409, 'idempotency_key_in_progress', inProgressMessage);
  }
  if (stored.fingerprint !== fingerprint) {
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request; send a new key.',
    );
  }
  if (stored.statusCode === null) {
    reply.header('retry-after', '1');
    throw new HttpError(409, 'idempotency_key_in_progress', inProgressMessage);
  }
  if (stored.body === null && stored.statusCode !== 204) {
    throw new HttpError(
      409,
      'idempotency_key_used',
      'This request already ran with this Idempotency-Key and its answer cannot be sent again; its result is in your data.',
    );
  }
  reply.header('idempotent-replayed', 'true');
  return send(reply, {
    statusCode: stored.statusCode,
    contentType: stored.contentType,
    body: stored.body,
  });
}

const inProgressMessage =
  'A request with this Idempotency-Key is still running; retry in a moment.';

function wrapInTransaction(handler: RouteHandlerMethod, db: Database): RouteHandlerMethod {
  return async function idempotentHandler(this: FastifyInstance, request, reply) {
    const key = readIdempotencyKey(request);
    const userId = request.user?.id;
    if (key === undefined || !userId) return handler.call(this, request, reply);
    const fingerprint = fingerprintOf(request);
    let answer: Answer | 'replay';
    try {
      answer = await runInTransaction(db, async (tx) => {
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ userId, key, fingerprint })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length === 0) return 'replay' as const;
        const given = await runHeldBack(handler, this, request, reply);
        if (given.statusCode >= 400) throw new FailedAnswer(given);
        await tx
          .update(idempotencyKeys)
          .set(given)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        return given;
      });
    } catch (error) {
      if (error instanceof FailedAnswer) return send(reply, error.answer);
      throw error;
    }
    if (answer === 'replay') return replay(db, userId, key, fingerprint, reply);
    return send(reply, answer);
  };
}

function wrapWithClaim(handler: RouteHandlerMethod, db: Database): RouteHandlerMethod {
  return async function claimingHandler(this: FastifyInstance, request, reply) {
    const key = readIdempotencyKey(request);
    const userId = request.user?.id;
    if (key === undefined || !userId) return handler.call(this, request, reply);
    const fingerprint = fingerprintOf(request);
    const ours = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return replay(db, userId, key, fingerprint, reply);
    let given: Answer;
    try {
      given = await runHeldBack(handler, this, request, reply);
    } catch (error) {
      await db.delete(idempotencyKeys).where(ours);
      throw error;
    }
    if (given.statusCode >= 400) await db.delete(idempotencyKeys).where(ours);
    else await db.update(idempotencyKeys).set(given).where(ours);
    // A handler that wrote its answer itself (an event stream) has nothing left to send.
    return reply.sent ? reply : send(reply, given);
  };
}

/** Drops keys past the retention period. */
export async function purgeIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

export default fp(
  async function idempotencyPlugin(app: FastifyInstance, options: { db: Database }) {
    const { db } = options;
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes('POST') || route.config?.public === true) return;
      const mode = route.config?.idempotency ?? 'transaction';
      route.handler =
        mode === 'claim' ? wrapWithClaim(route.handler, db) : wrapInTransaction(route.handler, db);
    });
    app.jobs.every('idempotency-key-purge', PURGE_EVERY_MS, () => purgeIdempotencyKeys(db), {
      runAtStart: true,
    });
  },
  { name: 'idempotency', dependencies: ['jobs'] },
);
