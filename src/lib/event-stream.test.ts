import { afterEach, describe, expect, it, vi } from 'vitest';

import { readServerEvents, startEventStream, type ServerEvent } from './event-stream';

function bodyOf(...chunks: string[]): NonNullable<Response['body']> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(...chunks: string[]): Promise<ServerEvent[]> {
  const events: ServerEvent[] = [];
  await readServerEvents(bodyOf(...chunks), (event) => events.push(event));
  return events;
}

describe('readServerEvents', () => {
  it('delivers complete events, skips comments and leaves out an unfinished block', async () => {
    const events = await eventsOf(
      ': ping\n\nevent: notification\nid: 7\ndata: {"id":"n1","title":"Hi"}\n\ndata: par',
    );
    expect(events).toEqual([{ type: 'notification', id: '7', data: { id: 'n1', title: 'Hi' } }]);
  });

  it('joins an event split across chunks', async () => {
    const events = await eventsOf('event: notif', 'ication\ndata: {"id":', '"n2"}\r\n\r\n');
    expect(events).toEqual([{ type: 'notification', data: { id: 'n2' } }]);
  });

  it('joins multi-line data and keeps plain text', async () => {
    const events = await eventsOf('data: a\ndata: b\n\n');
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

  it('resumes from the last event id when it reconnects', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(streamOf('event: notification\nid: 5\ndata: {"id":"1"}\n\n')),
    );
    const stop = startEventStream({
      url: 'http://localhost:5050/api/events',
      getToken: () => Promise.resolve('token-1'),
      onEvent: () => undefined,
      fetchImpl,
      initialDelayMs: 5,
    });
    await vi.waitFor(() => expect(fetchImpl.mock.calls.length).toBeGreaterThanOrEqual(2));
    stop();
    const first = fetchImpl.mock.calls[0]?.[1]?.headers as Record<string, string>;
    const second = fetchImpl.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(first['last-event-id']).toBeUndefined();
    expect(second['last-event-id']).toBe('5');
  });

  it('reconnects at once when the browser is back online instead of waiting out the backoff', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('offline')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = startEventStream({
      url: 'http://localhost:5050/api/events',
      getToken: () => Promise.resolve('token-1'),
      onEvent: () => undefined,
      fetchImpl,
      initialDelayMs: 60_000,
    });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    stop();
    warn.mockRestore();
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
