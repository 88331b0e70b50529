import { EventEmitter } from 'node:events';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A per-user event bus delivered to the SPA as server-sent events on GET /api/events.
 * In-process for one instance; across replicas it moves to Postgres LISTEN/NOTIFY (architecture §8).
 */
export type ServerEvent = { type: string; data: unknown };

export type EventBus = {
  publish: (userId: string, event: ServerEvent) => void;
  subscribe: (userId: string, listener: (event: ServerEvent) => void) => () => void;
  listenerCount: (userId: string) => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

const KEEP_ALIVE_MS = 25_000;

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
  };
}

export default fp(
  async function eventsPlugin(app: FastifyInstance) {
    const bus = createEventBus();
    app.decorate('events', bus);
    // Open streams end when the server closes, so shutdown never waits on a browser.
    const openStreams = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const end of openStreams) end();
    });

    app.get('/api/events', { schema: { hide: true } }, (request, reply) => {
      const user = request.user;
      if (!user) return reply.status(401).send();
      reply.hijack();
      const origin = request.headers.origin;
      const headers: Record<string, string> = {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      };
      const corsOrigin = reply.getHeader('access-control-allow-origin');
      if (origin && typeof corsOrigin === 'string') {
        headers['access-control-allow-origin'] = corsOrigin;
        headers.vary = 'Origin';
      }
      reply.raw.writeHead(200, headers);
      reply.raw.write(`event: ready\ndata: {}\n\n`);

      const unsubscribe = bus.subscribe(user.id, (event) => {
        reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const keepAlive = setInterval(() => reply.raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const close = () => {
        clearInterval(keepAlive);
        unsubscribe();
        openStreams.delete(end);
      };
      const end = () => {
        close();
        reply.raw.end();
      };
      openStreams.add(end);
      request.raw.on('close', close);
    });
  },
  { name: 'events', dependencies: ['auth'] },
);
