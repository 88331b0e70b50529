import { EventEmitter } from 'node:events';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { PublishedServerEvent } from '#contract/events';

import { afterCommit } from '../db/request-transaction.ts';
import { startPostgresEventRelay } from './postgres-event-relay.ts';
import { openSse } from './sse.ts';

/**
 * A per-user event bus delivered to the SPA as server-sent events on GET /api/events. Each
 * process delivers to its own streams; on PostgreSQL the relay also carries every event to the
 * other processes sharing the database (docs/decisions/0013).
 */
export type ServerEvent = PublishedServerEvent;

export type EventBus = {
  publish: (userId: string, event: ServerEvent) => void;
  subscribe: (userId: string, listener: (event: ServerEvent) => void) => () => void;
  listenerCount: (userId: string) => number;
  /** Ends every open event stream of the user, on every process (account disabled or deleted). */
  closeUser: (userId: string) => void;
  /** How many event streams the user has open on this process. */
  streamCount: (userId: string) => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

const KEEP_ALIVE_MS = 25_000;

/** A bus on its own, without streams: closeUser and streamCount have nothing to act on. */
export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (userId, event) => {
      emitter.emit(userId, event);
    },
    subscribe: (userId, listener) => {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    listenerCount: (userId) => emitter.listenerCount(userId),
    closeUser: () => {},
    streamCount: () => 0,
  };
}

/**
 * Why the server ends a stream, sent as a last `closed` event so the client can decide whether to
 * reconnect: a stream replaced by a newer one (over the per-user cap) waits until its tab is used
 * again, so many open tabs do not take turns pushing each other out.
 */
export type StreamEndReason = 'replaced' | 'account_closed' | 'server_closing';
type EndStream = (reason: StreamEndReason) => void;

/** Open streams of each user, oldest first; each entry ends its stream. */
class StreamRegistry {
  private readonly byUser = new Map<string, EndStream[]>();

  constructor(private readonly perUser: number) {}

  /** Registers a stream; past the cap, the user's oldest streams are ended first. */
  add(userId: string, end: EndStream): void {
    const streams = this.byUser.get(userId) ?? [];
    this.byUser.set(userId, streams);
    while (streams.length >= this.perUser) streams[0]?.('replaced');
    streams.push(end);
  }

  remove(userId: string, end: EndStream): void {
    const streams = this.byUser.get(userId);
    if (!streams) return;
    const index = streams.indexOf(end);
    if (index >= 0) streams.splice(index, 1);
    if (streams.length === 0) this.byUser.delete(userId);
  }

  closeUser(userId: string, reason: StreamEndReason = 'account_closed'): void {
    for (const end of [...(this.byUser.get(userId) ?? [])]) end(reason);
  }

  closeAll(): void {
    for (const userId of [...this.byUser.keys()]) this.closeUser(userId, 'server_closing');
  }

  /** Every open stream, of every user. */
  total(): number {
    let total = 0;
    for (const streams of this.byUser.values()) total += streams.length;
    return total;
  }

  count(userId: string): number {
    return this.byUser.get(userId)?.length ?? 0;
  }
}

export default fp(
  async function eventsPlugin(app: FastifyInstance) {
    const streams = new StreamRegistry(app.config.eventStreamsPerUser);
    const local = createEventBus();
    const pubsub = app.database.pubsub;
    const relay = pubsub
      ? await startPostgresEventRelay({
          pubsub,
          log: app.log,
          deliver: local.publish,
          closeUser: (userId) => streams.closeUser(userId),
          // Events other processes sent while this one was not listening are lost. Ending the
          // streams makes each tab reconnect, and a tab reloads what it reloads on a reconnect.
          onResumed: () => {
            const open = streams.total();
            if (open === 0) return;
            app.log.info(
              { streams: open },
              'events: ending the streams that may have missed events',
            );
            streams.closeAll();
          },
        })
      : null;
    const bus: EventBus = {
      ...local,
      // Delivered here at once, whatever happens to the listening connection, and sent to the
      // other processes, which deliver it to theirs. Inside a request's transaction it waits for
      // the commit, so a client that reloads on the event reads the new rows.
      publish: (userId, event) => {
        afterCommit(() => {
          local.publish(userId, event);
          relay?.send(userId, event);
        });
      },
      closeUser: (userId) => {
        streams.closeUser(userId);
        relay?.closeUser(userId);
      },
      streamCount: (userId) => streams.count(userId),
    };
    app.decorate('events', bus);
    // Open streams end when the server closes, so shutdown never waits on a browser.
    app.addHook('onClose', async () => {
      streams.closeAll();
      await relay?.close();
    });

    app.get('/api/events', { schema: { hide: true } }, (request, reply) => {
      const user = request.user;
      if (!user) return reply.status(401).send();
      const stream = openSse(request, reply, { keepAliveMs: KEEP_ALIVE_MS });
      stream.send({ event: 'ready', data: {} });
      const unsubscribe = bus.subscribe(user.id, (event) => {
        stream.send({ event: event.type, data: event.data });
      });
      const end: EndStream = (reason) => stream.end(reason);
      stream.onClose(() => {
        unsubscribe();
        streams.remove(user.id, end);
      });
      streams.add(user.id, end);
    });
  },
  { name: 'events', dependencies: ['auth'] },
);
