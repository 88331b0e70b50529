import { useCallback, useEffect, useRef, useState } from 'react';

import type { CheckResult } from '@/contract/responses';
import { replyDraftEventSchema, type ReplyDraftEvent } from '@/contract/messages';
import { buildApiUrl } from '@/lib/api-url';
import { observedFetch } from '@/lib/connectivity';
import { readServerEvents, type ServerEvent } from '@/lib/event-stream';
import type { AppDispatch } from '@/store';
import type { StoreExtra } from '@/store/extra';
import { useAppDispatch } from '@/store/hooks';

/** The store's extra (token and API base), read through a thunk so no global is needed. */
function readExtra(dispatch: AppDispatch): StoreExtra {
  return dispatch(
    ((_dispatch: unknown, _getState: unknown, extra: StoreExtra) => extra) as never,
  ) as unknown as StoreExtra;
}

/**
 * One frame of the stream as a draft event. The event's name is its type; the payload may carry
 * the type itself too.
 */
export function toDraftEvent(raw: ServerEvent): ReplyDraftEvent | null {
  const data = typeof raw.data === 'object' && raw.data !== null ? raw.data : {};
  const parsed = replyDraftEventSchema.safeParse({ type: raw.type, ...data });
  return parsed.success ? parsed.data : null;
}

/** Rejects once the signal aborts, so a body that ignores the abort cannot keep the run open. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const fail = () => reject(new DOMException('Stopped', 'AbortError'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** The API's error message of a refused request, or a plain fallback. */
async function refusal(response: Response): Promise<string> {
  try {
    const payload = (await response.json()) as { error?: { message?: string } };
    if (payload.error?.message) return payload.error.message;
  } catch {
    // Not JSON (a proxy's page): keep the plain message.
  }
  return `The draft could not be written (HTTP ${response.status}).`;
}

export type DraftOutcome = { offline: boolean; failedChecks: CheckResult[] };

export type DraftState = {
  running: boolean;
  /** Set when a draft finished: whether it was written offline, and the checks it failed. */
  outcome: DraftOutcome | null;
  error: string | null;
  stopped: boolean;
};

const idle: DraftState = { running: false, outcome: null, error: null, stopped: false };

/**
 * Streams POST /api/messages/rooms/:id/draft (text/event-stream, bearer token): each delta grows
 * the text handed to `onText`, and the finished draft replaces it. `stop()` aborts the request and
 * keeps what was written so far; leaving the page stops it too.
 */
export function useReplyDraftStream(onText: (text: string) => void) {
  const dispatch = useAppDispatch();
  const controllerRef = useRef<AbortController | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);
  const [state, setState] = useState<DraftState>(idle);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (roomId: string): Promise<void> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ ...idle, running: true });
      let text = '';
      let finished = false;
      try {
        const extra = readExtra(dispatch);
        const token = await extra.getToken(false);
        const response = await observedFetch(
          buildApiUrl(extra.apiBaseUrl, `/api/messages/rooms/${roomId}/draft`),
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: '{}',
            signal: controller.signal,
          },
        );
        if (!response.ok || !response.body) {
          const message = await refusal(response);
          setState({ ...idle, error: message });
          return;
        }
        const reading = readServerEvents(response.body, (raw) => {
          if (controller.signal.aborted) return;
          const event = toDraftEvent(raw);
          if (!event) return;
          if (event.type === 'delta') {
            text += event.text;
            onTextRef.current(text);
          } else if (event.type === 'done') {
            finished = true;
            onTextRef.current(event.text);
            setState({
              ...idle,
              outcome: {
                offline: event.offline,
                failedChecks: event.checks.filter((check) => !check.passed),
              },
            });
          } else {
            finished = true;
            setState({ ...idle, error: event.message });
          }
        });
        await Promise.race([reading, whenAborted(controller.signal)]);
        if (!finished)
          setState({
            ...idle,
            error: 'The connection closed before the draft was finished. Try again.',
          });
      } catch {
        if (controllerRef.current !== controller) return;
        if (controller.signal.aborted) setState({ ...idle, stopped: true });
        else
          setState({
            ...idle,
            error: 'Could not reach the server. Check your connection and try again.',
          });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [dispatch],
  );

  const stop = useCallback(() => {
    controllerRef.current?.abort();
  }, []);

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setState(idle);
  }, []);

  return { ...state, run, stop, reset };
}
