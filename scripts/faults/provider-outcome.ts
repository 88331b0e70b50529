import { formatNumber } from '../bench/support.ts';

/** One engine's API under test: where it answers and where its Auth emulator is. */
export type ProviderRun = { engine: string; apiUrl: string; emulatorHost: string };

/**
 * One row of the providers check: a fault of the AI provider or of Upwork, what the user got,
 * what state things ended in, how often the provider was called, what the user was charged, and
 * the reasons the row fails (none when it passes).
 */
export type ProviderOutcome = {
  engine: string;
  provider: 'AI' | 'Upwork';
  fault: string;
  /** What the user's request was answered, e.g. `429 rate_limited` or `stream error ai_timeout`. */
  got: string;
  /** The state the user sees afterwards, e.g. `failed, draft kept` or `needs_reauth`. */
  endsIn: string;
  /** Requests the fake provider received for the user's action(s). */
  calls: number;
  /** The most calls the API's own retry rules allow for the row. */
  callBound: number;
  /** What the failed action cost the user's budget, or `n/a` where nothing is budgeted. */
  charged: string;
  elapsedMs: number;
  budgetMs: number;
  problems: string[];
};

export const PROVIDER_HEADER = [
  'engine',
  'provider',
  'fault',
  'user got',
  'ends in',
  'upstream calls',
  'charged',
  'within',
  '',
];

const seconds = (ms: number) => `${formatNumber(ms / 1000, 1)} s`;

export function providerRow(outcome: ProviderOutcome): string[] {
  return [
    outcome.engine,
    outcome.provider,
    outcome.fault,
    outcome.got,
    outcome.endsIn,
    `${outcome.calls} (<= ${outcome.callBound})`,
    outcome.charged,
    `${seconds(outcome.elapsedMs)} / ${seconds(outcome.budgetMs)}`,
  ];
}

export function providerPassed(outcome: ProviderOutcome): boolean {
  return outcome.problems.length === 0;
}

/**
 * Collects the reasons a row fails: `expect(condition, reason)` records the reason when the
 * condition does not hold.
 */
export function problemList() {
  const problems: string[] = [];
  return {
    problems,
    expect(condition: boolean, reason: string) {
      if (!condition) problems.push(reason);
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request's answer with its body read as text; `status` 0 when none came in time. */
export type Answer = {
  status: number;
  headers: Headers;
  text: string;
  elapsedMs: number;
  error?: string;
};

/** Sends a request and reads the whole answer, giving up after `timeoutMs`. */
export async function send(
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<Answer> {
  const began = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs) });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      elapsedMs: Date.now() - began,
    };
  } catch (error) {
    return {
      status: 0,
      headers: new Headers(),
      text: '',
      elapsedMs: Date.now() - began,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The `error` object of an API error answer, when the body is one. */
export function apiError(answer: Answer): { code: string; message: string } | null {
  try {
    const body = JSON.parse(answer.text) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    return typeof code === 'string' && typeof message === 'string' ? { code, message } : null;
  } catch {
    return null;
  }
}

/** How an answer reads in the table: its status and error code, or why none came. */
export function answerLabel(answer: Answer): string {
  if (answer.status === 0) return `no answer (${answer.error ?? 'timeout'})`;
  const error = apiError(answer);
  const retryAfter = answer.headers.get('retry-after');
  return [
    String(answer.status),
    error?.code ?? '',
    retryAfter === null ? '' : `Retry-After ${retryAfter}`,
  ]
    .filter(Boolean)
    .join(' ');
}
