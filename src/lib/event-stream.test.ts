import { afterEach, describe, expect, it, vi } from 'vitest';

import { parseSseChunk, startEventStream, type ServerEvent } from './event-stream';

describe('parseSseChunk', () => {
  it('parses complete events and keeps the incomplete rest', () => {
    const { events, rest } = parseSseChunk(
      ': ping\n\nevent: notification\nid: 7\ndata: {"id":"n1","title":"Hi"}\n\ndata: par',
    );
    expect(events).toEqual([{ type: 'notification', id: '7', data: { id: 'n1', title: 'Hi' } }]);
    expect(rest).toBe('data: par');
  });

  it('joins multi-line data and keeps plain text', () => {
    const { events } = parseSseChunk('data: a\ndata: b\n\n');
    expect(events).toEqual([{ type: 'message', data: 'a\nb' }]);
  });
});

function streamOf(text: string): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
}

describe('startEventStream', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the bearer token, delivers events and reconnects after the stream ends', async () => {
    const received: ServerEvent[] = [];
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(streamOf('event: notification\ndata: {"id":"1"}\n\n')),
    );
    const stop = startEventStream({
      url: 'http://localhost:5050/api/events',
      getToken: () => Promise.resolve('token-1'),
      onEvent: (event) => received.push(event),
      fetchImpl,
      initialDelayMs: 5,
    });
    await vi.waitFor(() => expect(fetchImpl.mock.calls.length).toBeGreaterThanOrEqual(2));
    stop();
    const init = fetchImpl.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(received[0]).toEqual({ type: 'notification', data: { id: '1' } });
  });

  it('does not connect without a token and stops cleanly', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const stop = startEventStream({
      url: 'http://localhost:5050/api/events',
      getToken: () => Promise.resolve(null),
      onEvent: () => undefined,
      fetchImpl,
      initialDelayMs: 5,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('after being replaced by a newer stream, waits until its tab is visible again to reconnect', async () => {
    let visibility: DocumentVisibilityState = 'hidden';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
    const received: ServerEvent[] = [];
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        streamOf('event: ready\ndata: {}\n\nevent: closed\ndata: {"reason":"replaced"}\n\n'),
      ),
    );
    const stop = startEventStream({
      url: 'http://localhost:5050/api/events',
      getToken: () => Promise.resolve('token-1'),
      onEvent: (event) => received.push(event),
      fetchImpl,
      initialDelayMs: 5,
    });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(received.map((event) => event.type)).toEqual(['ready']);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(fetchImpl.mock.calls.length).toBeGreaterThanOrEqual(2));
    stop();
    delete (document as { visibilityState?: unknown }).visibilityState;
  });
});
