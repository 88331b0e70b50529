import { useCallback, useEffect, useRef, useState } from 'react';

import {
  QUOTE_AGENT_STEPS,
  quoteGenerationEventSchema,
  type GenerateQuoteBody,
  type QuoteGenerationEvent,
} from '@/contract/quotes-api';
import { buildApiUrl } from '@/lib/api-url';
import { observedFetch } from '@/lib/connectivity';
import { readServerEvents } from '@/lib/event-stream';
import type { AppDispatch } from '@/store';
import { api } from '@/store/api';
import type { StoreExtra } from '@/store/extra';
import { useAppDispatch } from '@/store/hooks';

export type QuoteAgentStep = (typeof QUOTE_AGENT_STEPS)[number];
export type StepProgress = { state: 'waiting' | 'started' | 'done'; detail: string };
export type GenerationFailure = { message: string; retryable: boolean; status: number };
export type GeneratedQuote = Extract<QuoteGenerationEvent, { type: 'quote' }>['data'];

const waitingSteps = (): Record<QuoteAgentStep, StepProgress> =>
  Object.fromEntries(
    QUOTE_AGENT_STEPS.map((step) => [step, { state: 'waiting', detail: '' }]),
  ) as Record<QuoteAgentStep, StepProgress>;

const CUT_OFF: GenerationFailure = {
  message: 'The connection closed before the quote was saved. Try again.',
  retryable: true,
  status: 0,
};

/** Rejects once the signal aborts, so a body that ignores the abort cannot keep the run open. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const fail = () => reject(new DOMException('Stopped', 'AbortError'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** The store's extra (token and API base), read through a thunk so no global is needed. */
function readExtra(dispatch: AppDispatch): StoreExtra {
  return dispatch(
    ((_dispatch: unknown, _getState: unknown, extra: StoreExtra) => extra) as never,
  ) as unknown as StoreExtra;
}

/** The API's error message (429, 503, 400 …) of a refused request, or a plain fallback. */
async function refusal(response: Response): Promise<GenerationFailure> {
  let message = `The quote could not be generated (HTTP ${response.status}).`;
  try {
    const payload = (await response.json()) as { error?: { message?: string } };
    message = payload.error?.message ?? message;
  } catch {
    // Not JSON (a proxy's page): keep the plain message.
  }
  return {
    message,
    retryable: response.status === 429 || response.status >= 500,
    status: response.status,
  };
}

/**
 * POSTs the body and hands each valid event to `onEvent` until the stream ends or the signal
 * aborts. Answers the refusal of a request the API turned down, the cut-off failure when the
 * stream ended without a quote, an error or a stop, and null otherwise.
 */
async function streamQuote(
  extra: StoreExtra,
  body: GenerateQuoteBody,
  signal: AbortSignal,
  onEvent: (event: QuoteGenerationEvent) => void,
): Promise<GenerationFailure | null> {
  const token = await extra.getToken(false);
  const response = await observedFetch(buildApiUrl(extra.apiBaseUrl, '/api/quotes/generate'), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) return refusal(response);
  let answered = false;
  const reading = readServerEvents(response.body, (raw) => {
    if (signal.aborted) return;
    const parsed = quoteGenerationEventSchema.safeParse({ type: raw.type, data: raw.data });
    if (!parsed.success) return;
    const event = parsed.data;
    if (event.type === 'quote' || event.type === 'error') answered = true;
    if (event.type === 'end' && event.data.stopped) answered = true;
    onEvent(event);
  });
  await Promise.race([reading, whenAborted(signal)]);
  return answered ? null : CUT_OFF;
}

/**
 * Runs POST /api/quotes/generate (text/event-stream, bearer token) and keeps what it reports: each
 * agent step's state and detail, the saved quote, or the error. `stop()` aborts the request, and
 * leaving the page does too.
 */
export function useQuoteGenerationStream(onQuote: (quote: GeneratedQuote) => void) {
  const dispatch = useAppDispatch();
  const controllerRef = useRef<AbortController | null>(null);
  const onQuoteRef = useRef(onQuote);
  useEffect(() => {
    onQuoteRef.current = onQuote;
  }, [onQuote]);
  const [running, setRunning] = useState(false);
  const [steps, setSteps] = useState(waitingSteps);
  const [failure, setFailure] = useState<GenerationFailure | null>(null);
  const [stopped, setStopped] = useState(false);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const handle = useCallback((event: QuoteGenerationEvent) => {
    if (event.type === 'step') {
      const { step, state, detail } = event.data;
      setSteps((current) => ({ ...current, [step]: { state, detail } }));
    } else if (event.type === 'quote') onQuoteRef.current(event.data);
    else if (event.type === 'error') setFailure({ ...event.data, status: 200 });
    else if (event.data.stopped) setStopped(true);
  }, []);

  const run = useCallback(
    async (body: GenerateQuoteBody): Promise<void> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setRunning(true);
      setSteps(waitingSteps());
      setFailure(null);
      setStopped(false);
      try {
        const failed = await streamQuote(readExtra(dispatch), body, controller.signal, handle);
        if (failed) setFailure(failed);
      } catch {
        // A run replaced by a newer one reports nothing; a run the user stopped says so.
        if (controllerRef.current !== controller) return;
        if (controller.signal.aborted) setStopped(true);
        else
          setFailure({
            message: 'Could not reach the server. Check your connection and try again.',
            retryable: true,
            status: 0,
          });
      } finally {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setRunning(false);
        }
        // A run saves a quote and may mark its template used.
        dispatch(
          api.util.invalidateTags([
            { type: 'Quote', id: 'LIST' },
            { type: 'Quote', id: 'SUMMARY' },
            { type: 'Template', id: 'QUOTE_LIST' },
          ]),
        );
      }
    },
    [dispatch, handle],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { run, stop, running, steps, failure, stopped };
}
