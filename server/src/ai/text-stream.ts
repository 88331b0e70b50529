import type { streamText } from 'ai';

import { AiError } from './errors.ts';

type StreamPart =
  ReturnType<typeof streamText>['fullStream'] extends AsyncIterable<infer P> ? P : never;

export type TextStreamOutcome = {
  text: string;
  usage: { promptTokens: number; completionTokens: number };
  /** The first failure the stream reported or threw; null when it finished cleanly. */
  failure: unknown;
};

/** The error a model call ends with when the provider goes quiet for longer than allowed. */
export function timeoutError(timeoutMs: number): AiError {
  return new AiError(
    'ai_timeout',
    `The AI provider did not answer within ${Math.round(timeoutMs / 1000)} s. Try again.`,
    504,
    true,
  );
}

/**
 * Reads a one-step text stream (no tools): passes each piece of text on as it arrives, and keeps
 * the whole text, the token usage and the first failure. An abort the caller did not ask for is
 * the SDK's own step or chunk timeout, reported as a timeout.
 */
export async function readTextStream(
  parts: AsyncIterable<StreamPart>,
  call: { signal: AbortSignal; timeoutMs: number },
  onDelta: (delta: string) => void,
): Promise<TextStreamOutcome> {
  const outcome: TextStreamOutcome = {
    text: '',
    usage: { promptTokens: 0, completionTokens: 0 },
    failure: null,
  };
  try {
    for await (const part of parts) {
      if (part.type === 'text-delta') {
        outcome.text += part.text;
        onDelta(part.text);
      } else if (part.type === 'finish') {
        outcome.usage = {
          promptTokens: part.totalUsage.inputTokens ?? 0,
          completionTokens: part.totalUsage.outputTokens ?? 0,
        };
      } else if (part.type === 'error') {
        outcome.failure ??= part.error;
      } else if (part.type === 'abort' && !call.signal.aborted) {
        outcome.failure ??= timeoutError(call.timeoutMs);
      }
    }
  } catch (error) {
    outcome.failure ??= error;
  }
  return outcome;
}
