/**
 * A test's reader of GET /api/events on a listening API: opens the stream with a user's bearer
 * header, waits for `ready`, and keeps every byte received so tests can look for frames.
 */
export type OpenEventStream = {
  /** Resolves when the stream is over (the server ended it, or it was aborted). */
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Everything received so far, as text. */
  received: () => string;
  abort: () => void;
};

export async function openEventStream(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<OpenEventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) {
    throw new Error(`GET /api/events answered ${response.status}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const done = (async () => {
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        text += decoder.decode(value, { stream: true });
        if (text.includes('event: ready')) onReady();
      }
    } catch {
      // Aborted by the test, or the connection was cut: either way the stream is over.
    }
    ended = true;
    onReady();
  })();
  await ready;
  return {
    ended: done,
    isEnded: () => ended,
    received: () => text,
    abort: () => controller.abort(),
  };
}

/** How many times `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
