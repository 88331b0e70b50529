import { createParser } from 'eventsource-parser';

import { observedFetch } from './connectivity';

/**
 * Reads GET /api/events, a text/event-stream that needs the bearer header (so fetch streaming, not
 * EventSource), and reconnects with backoff.
 */

export interface ServerEvent {
  type: string;
  data: unknown;
  id?: string;
}

export interface EventStreamOptions {
  url: string;
  getToken: () => Promise<string | null>;
  onEvent: (event: ServerEvent) => void;
  fetchImpl?: typeof fetch;
  /** First reconnect delay; doubles up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/** JSON data becomes a value; plain-text data stays a string. */
function decodeData(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * Reads a text/event-stream body to its end and hands each event to `onEvent` in order. Events
 * without a name are `message`; blocks without data (comments, keep-alives) are skipped.
 */
export async function readServerEvents(
  body: NonNullable<Response['body']>,
  onEvent: (event: ServerEvent) => void,
): Promise<void> {
  const parser = createParser({
    onEvent: ({ event, data, id }) => {
      const type = event ?? 'message';
      const decoded = decodeData(data);
      onEvent(id === undefined ? { type, data: decoded } : { type, data: decoded, id });
    },
  });
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}

/** Starts the stream; the returned function stops it for good. */
export function startEventStream({
  url,
  getToken,
  onEvent,
  fetchImpl = observedFetch,
  initialDelayMs = 1000,
  maxDelayMs = 30_000,
}: EventStreamOptions): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = initialDelayMs;
  let lastEventId: string | undefined;

  // The server replaced this stream with a newer one of the same user (another tab): wait until
  // this tab is in use again rather than push that one out in turn.
  let replaced = false;
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || !replaced || stopped) return;
    replaced = false;
    void connect();
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    if (replaced) {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      replaced = false;
      delay = maxDelayMs;
    }
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, maxDelayMs);
  };

  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    try {
      const token = await getToken();
      if (!token || stopped) {
        scheduleReconnect();
        return;
      }
      const headers: Record<string, string> = {
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const response = await fetchImpl(url, { headers, signal: controller.signal });
      if (!response.ok || !response.body)
        throw new Error(`events stream answered ${response.status}`);
      delay = initialDelayMs;
      await readServerEvents(response.body, (event) => {
        if (event.id) lastEventId = event.id;
        if (event.type === 'closed') {
          replaced = (event.data as { reason?: unknown } | null)?.reason === 'replaced';
          return;
        }
        onEvent(event);
      });
    } catch (error) {
      if (stopped) return;
      console.warn('Event stream interrupted; reconnecting', error);
    }
    scheduleReconnect();
  };

  // Back online: try now instead of waiting out the backoff, so the offline notice goes promptly.
  const reconnectNow = () => {
    if (stopped || !timer) return;
    clearTimeout(timer);
    timer = null;
    delay = initialDelayMs;
    void connect();
  };
  if (typeof window !== 'undefined') window.addEventListener('online', reconnectNow);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  void connect();

  return () => {
    stopped = true;
    if (typeof window !== 'undefined') window.removeEventListener('online', reconnectNow);
    if (typeof document !== 'undefined')
      document.removeEventListener('visibilitychange', onVisible);
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
