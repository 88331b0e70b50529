import type { FastifyReply, FastifyRequest } from 'fastify';

/** One server-sent event: its name, a JSON payload and an optional id. */
export type SseEvent = { event: string; data: unknown; id?: string };

export type SseStream = {
  /** Writes one event; does nothing once the stream has ended or the client left. */
  send: (event: SseEvent) => void;
  /** Writes a comment line, which clients ignore but which shows the stream is alive. */
  comment: (text: string) => void;
  /** Ends the stream; with a reason, a last `closed` event tells the client why. */
  end: (reason?: string) => void;
  /** Runs when the stream is over, whoever ended it. */
  onClose: (listener: () => void) => void;
  /** Aborts when the client goes away before the server ended the stream. */
  signal: AbortSignal;
};

export type SseOptions = {
  /** A comment sent every so often so proxies keep an idle stream open. */
  keepAliveMs?: number;
};

/** The text of one event frame. */
export function sseFrame({ event, data, id }: SseEvent): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function streamHeaders(request: FastifyRequest, reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  };
  // The reply is written raw, so the CORS origin the security hooks chose is copied over.
  const corsOrigin = reply.getHeader('access-control-allow-origin');
  if (request.headers.origin && typeof corsOrigin === 'string') {
    headers['access-control-allow-origin'] = corsOrigin;
    headers.vary = 'Origin';
  }
  return headers;
}

/**
 * The one writer of server-sent-event streams: takes the reply over from Fastify, writes the
 * headers and then frames, comments and the end.
 */
export function openSse(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SseOptions = {},
): SseStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, streamHeaders(request, reply));
  const controller = new AbortController();
  const listeners: Array<() => void> = [];
  const writable = () => !raw.writableEnded && !raw.destroyed;
  const keepAlive =
    options.keepAliveMs === undefined
      ? undefined
      : setInterval(() => {
          if (writable()) raw.write(': keep-alive\n\n');
        }, options.keepAliveMs);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    for (const listener of listeners) listener();
  };
  raw.on('close', () => {
    if (!raw.writableEnded) controller.abort();
    close();
  });
  request.raw.on('close', close);
  return {
    send: (event) => {
      if (writable()) raw.write(sseFrame(event));
    },
    comment: (text) => {
      if (writable()) raw.write(`: ${text}\n\n`);
    },
    end: (reason) => {
      close();
      if (raw.writableEnded) return;
      if (reason !== undefined && !raw.destroyed) {
        raw.end(sseFrame({ event: 'closed', data: { reason } }));
      } else {
        raw.end();
      }
    },
    onClose: (listener) => {
      listeners.push(listener);
    },
    signal: controller.signal,
  };
}
