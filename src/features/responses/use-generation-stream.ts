import { useCallback, useEffect, useRef, useState } from 'react';

import { generationEventSchema, type GenerationEvent } from '@/contract/responses';
import { buildApiUrl } from '@/lib/api-url';
import { observedFetch } from '@/lib/connectivity';
import { readServerEvents } from '@/lib/event-stream';
import type { AppDispatch } from '@/store';
import type { StoreExtra } from '@/store/extra';
import { useAppDispatch } from '@/store/hooks';
import { api } from '@/store/api';

/** The store's extra (token and API base), read through a thunk so no global is needed. */
function readExtra(dispatch: AppDispatch): StoreExtra {
  return dispatch(
    ((_dispatch: unknown, _getState: unknown, extra: StoreExtra) => extra) as never,
  ) as unknown as StoreExtra;
}

export class StreamError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * POSTs to a streaming endpoint (text/event-stream) with the bearer token and hands each event
 * to `onEvent`. `stop()` aborts the request; the server keeps what was written so far.
 */
export function useGenerationStream() {
  const dispatch = useAppDispatch();
  const controllerRef = useRef<AbortController | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (
      path: string,
      body: unknown,
      onEvent: (event: GenerationEvent) => void,
    ): Promise<void> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setRunning(true);
      try {
        const extra = readExtra(dispatch);
        const token = await extra.getToken(false);
        const response = await observedFetch(buildApiUrl(extra.apiBaseUrl, path), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
        if (!response.ok || !response.body) {
          let message = `The request failed (HTTP ${response.status}).`;
          let code = 'http_error';
          try {
            const payload = (await response.json()) as {
              error?: { message?: string; code?: string };
            };
            message = payload.error?.message ?? message;
            code = payload.error?.code ?? code;
          } catch {
            // Not JSON: keep the generic message.
          }
          throw new StreamError(message, response.status, code);
        }
        await readServerEvents(response.body, (raw) => {
          const parsed = generationEventSchema.safeParse({ type: raw.type, data: raw.data });
          if (parsed.success) onEvent(parsed.data);
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof StreamError) throw error;
        throw new StreamError(
          'Could not reach the server. Check your connection and try again.',
          0,
          'network',
        );
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        setRunning(false);
        dispatch(
          api.util.invalidateTags([
            { type: 'Response', id: 'LIST' },
            { type: 'Template', id: 'LIST' },
          ]),
        );
      }
    },
    [dispatch],
  );

  const stop = useCallback(() => {
    controllerRef.current?.abort();
  }, []);

  return { run, stop, running };
}
