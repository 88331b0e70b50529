import { randomUUID } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import {
  messagesUnreadEventSchema,
  notificationEventSchema,
  type PublishedServerEvent,
} from '#contract/events';

import type { PostgresPubSub } from '../db/client.ts';

/**
 * Carries server events between the API processes that share one PostgreSQL database, so a user's
 * stream held by any process gets the events published by every other one (docs/decisions/0013).
 * It carries one more signal the same way: the end of a user's streams (account disabled).
 *
 * - Each process delivers its own events to its own subscribers at once; the relay only tells the
 *   others, with NOTIFY sent through the pool, and ignores its own notifications coming back.
 * - Each process keeps one dedicated connection that LISTENs. When it drops, the relay reconnects
 *   with growing delays and never throws; events other processes sent meanwhile are gone, which
 *   `onResumed` reports once listening works again.
 * - A notification carries the whole event. PostgreSQL refuses payloads of 8000 bytes or more, so
 *   such an event reaches this process's subscribers only, and a warning says so.
 */

export const EVENTS_CHANNEL = 'bidwright_events';
/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_APPLICATION_NAME = 'bidwright-events';
/** PostgreSQL takes a NOTIFY payload only when it is shorter than this, in bytes. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;
/** Sends waiting for the pool past this many are dropped (the database is unreachable). */
const MAX_PENDING_SENDS = 1000;

export type RelayLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export type PostgresEventRelayOptions = {
  pubsub: PostgresPubSub;
  log: RelayLog;
  /** Hands an event another process published to this process's subscribers. */
  deliver: (userId: string, event: PublishedServerEvent) => void;
  /** Ends this process's streams of a user whose streams another process ended. */
  closeUser: (userId: string) => void;
  /** Runs when listening works again after a gap in which events may have been missed. */
  onResumed?: () => void;
  /** The first reconnect delay; it doubles up to maxDelayMs and is reset by a success. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** How often the listening connection is asked a trivial query, so a dead peer is noticed. */
  heartbeatMs?: number;
};

export type PostgresEventRelay = {
  /** This process's id in the notifications it sends. */
  origin: string;
  /** Tells the other processes about an event this process has already delivered itself. */
  send: (userId: string, event: PublishedServerEvent) => void;
  /** Tells the other processes to end the user's streams (this process ended its own). */
  closeUser: (userId: string) => void;
  /** Stops listening and waits for the sends in flight. */
  close: () => Promise<void>;
};

const relayMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    v: z.literal(1),
    kind: z.literal('event'),
    origin: z.string(),
    userId: z.string(),
    event: z.discriminatedUnion('type', [notificationEventSchema, messagesUnreadEventSchema]),
  }),
  z.object({
    v: z.literal(1),
    kind: z.literal('close_user'),
    origin: z.string(),
    userId: z.string(),
  }),
]);

/** What one notification says: an event for a user, or the end of a user's streams. */
export type RelayMessage =
  | { kind: 'event'; origin: string; userId: string; event: PublishedServerEvent }
  | { kind: 'close_user'; origin: string; userId: string };

/** The payload of one notification. */
export function encodeRelayMessage(message: RelayMessage): string {
  return JSON.stringify({ v: 1, ...message });
}

/** The message in a payload, or null when it is not one this version understands. */
export function decodeRelayMessage(payload: string): RelayMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = relayMessageSchema.safeParse(json);
  if (!parsed.success) return null;
  const { v: _version, ...message } = parsed.data;
  return message;
}

/** An error's code and message for the log; connection errors never contain the password. */
function errorSummary(error: unknown): { code?: string; message: string } | undefined {
  if (error === undefined) return undefined;
  if (!(error instanceof Error)) return { message: 'unknown error' };
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? { code, message: error.message } : { message: error.message };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts the relay and resolves once the first attempt to listen has settled: listening, or
 * retrying in the background after a logged failure (the API starts either way).
 */
export async function startPostgresEventRelay(
  options: PostgresEventRelayOptions,
): Promise<PostgresEventRelay> {
  const { pubsub, log, deliver } = options;
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const origin = randomUUID();

  let closed = false;
  /** The connection being opened or listening, and how to end it; null while there is none. */
  let current: { client: pg.Client; stop: () => Promise<void> } | null = null;
  let delay = initialDelayMs;
  let failures = 0;
  let listenedBefore = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL || message.payload === undefined) return;
    const decoded = decodeRelayMessage(message.payload);
    if (!decoded) {
      log.warn({ length: message.payload.length }, 'events: dropped a notification it cannot read');
      return;
    }
    // This process delivered its own events when it published them.
    if (decoded.origin === origin) return;
    if (decoded.kind === 'event') deliver(decoded.userId, decoded.event);
    else options.closeUser(decoded.userId);
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    failures += 1;
    // Jitter keeps the replicas from reconnecting in step after a database restart.
    const wait = Math.round(delay / 2 + (Math.random() * delay) / 2);
    delay = Math.min(delay * 2, maxDelayMs);
    log.warn({ attempt: failures, retryInMs: wait }, 'events: will try to listen in a moment');
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, wait);
    retryTimer.unref();
  };

  const listen = async (): Promise<void> => {
    if (closed) return;
    const client = pubsub.dedicatedClient(LISTENER_APPLICATION_NAME);
    let ending: Promise<void> | undefined;
    // Whatever ends this connection (an error, the server going away, a silent heartbeat, close),
    // it is ended once and, unless the relay is closing, another one is started.
    const drop = (reason: string, error?: unknown): Promise<void> => {
      if (ending) return ending;
      ending = client.end().catch(() => {});
      client.off('notification', onNotification);
      if (current?.client === client) {
        current = null;
        clearInterval(heartbeatTimer);
      }
      if (!closed) {
        log.warn({ err: errorSummary(error) }, `events: ${reason}`);
        scheduleRetry();
      }
      return ending;
    };
    // The error listener stays for the client's whole life: an unhandled one would end the process.
    client.on('error', (error) => void drop('listening connection failed', error));
    client.on('end', () => void drop('listening connection closed'));
    client.on('notification', onNotification);
    current = { client, stop: () => drop('closing') };
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await drop('could not listen', error);
      return;
    }
    if (ending) return;
    const resumed = listenedBefore || failures > 0;
    listenedBefore = true;
    failures = 0;
    delay = initialDelayMs;
    log.info({ resumed }, resumed ? 'events: listening again' : 'events: listening');
    heartbeatTimer = setInterval(() => {
      withTimeout(client.query('select 1'), Math.min(heartbeatMs, 10_000)).catch(
        (error: unknown) => void drop('listening connection stopped answering', error),
      );
    }, heartbeatMs);
    heartbeatTimer.unref();
    if (resumed) options.onResumed?.();
  };

  // Sends go one after another, so the others see one process's events in publishing order.
  let sending: Promise<void> = Promise.resolve();
  let pending = 0;
  let sendFailing = false;
  const post = (message: RelayMessage) => {
    if (closed) return;
    const payload = encodeRelayMessage(message);
    const type = message.kind === 'event' ? message.event.type : message.kind;
    const bytes = Buffer.byteLength(payload, 'utf8');
    if (bytes >= NOTIFY_PAYLOAD_LIMIT_BYTES) {
      log.warn({ type, bytes }, 'events: too large for NOTIFY; delivered on this process only');
      return;
    }
    if (pending >= MAX_PENDING_SENDS) {
      log.warn({ type, pending }, 'events: too many sends waiting; dropped');
      return;
    }
    pending += 1;
    sending = sending
      .then(() => pubsub.notify(EVENTS_CHANNEL, payload))
      .then(
        () => {
          sendFailing = false;
        },
        (error: unknown) => {
          // One warning per outage, not one per event.
          if (!sendFailing) log.warn({ err: errorSummary(error) }, 'events: could not notify');
          sendFailing = true;
        },
      )
      .finally(() => {
        pending -= 1;
      });
  };

  await listen();

  return {
    origin,
    send: (userId, event) => post({ kind: 'event', origin, userId, event }),
    closeUser: (userId) => post({ kind: 'close_user', origin, userId }),
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeatTimer);
      await sending;
      await current?.stop();
    },
  };
}
