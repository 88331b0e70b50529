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

/** Parses complete SSE blocks out of buffered text; returns the events and the unparsed rest. */
export function parseSseChunk(buffer: string): { events: ServerEvent[]; rest: string } {
  const events: ServerEvent[] = [];
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let type = 'message';
    let id: string | undefined;
    const dataLines: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') dataLines.push(value);
      else if (field === 'id') id = value;
    }
    if (dataLines.length === 0) continue;
    const raw = dataLines.join('\n');
    let data: unknown = raw;
    try {
      data = JSON.parse(raw);
    } catch {
      // Plain-text data stays a string.
    }
    events.push(id === undefined ? { type, data } : { type, data, id });
  }
  return { events, rest };
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
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        const parsed = parseSseChunk(buffer);
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (event.id) lastEventId = event.id;
          if (event.type === 'closed') {
            replaced = (event.data as { reason?: unknown } | null)?.reason === 'replaced';
            continue;
          }
          onEvent(event);
        }
      }
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
