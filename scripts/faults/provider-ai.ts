import {
  generationEventSchema,
  type GenerationEvent,
  type Response as SavedResponse,
} from '#contract/responses';

import type { OpenAIStub, StubReply } from '../../tests/support/openai-stub.ts';
import { signedInUser } from './fault-api.ts';
import {
  answerLabel,
  pause,
  problemList,
  send,
  type Answer,
  type ProviderOutcome,
  type ProviderRun,
} from './provider-outcome.ts';

/**
 * The AI provider under faults: a user generates a draft (it succeeds), then generates again for
 * another job, replacing that draft, while the provider misbehaves. The second generation must
 * end in a clear failed state within its budget, with a message the user can act on; the failed
 * draft keeps the job and options the user gave, the earlier draft is not replaced, the provider
 * is called no more often than the API's retry setting allows, and the user's per-minute
 * generation budget is charged once.
 */

/** The API's per-call AI timeout for this check: above the AI SDK's two back-offs (2 s + 4 s). */
export const AI_TIMEOUT_MS = 8_000;
export const AI_MAX_RETRIES = 2;
/** Generations per user per minute: the draft before the fault, the fault, then the probes. */
export const AI_RATE_PER_MINUTE = 4;
/** What the API may take beyond the wait a row allows (database writes, the event stream). */
const SLACK_MS = 2_000;
/** Retry-After the provider sends with its 429: short enough to wait for, and too long to. */
const SHORT_RETRY_AFTER_SECONDS = 1;
const LONG_RETRY_AFTER_SECONDS = 30;
/** The AI SDK's waits before its retries when the provider gives no Retry-After. */
const SDK_BACKOFF_MS = 2_000 + 4_000;

export const AI_ENV = {
  AI_PROVIDER: 'openai-compatible',
  AI_MODEL: 'stub-model',
  AI_TIMEOUT_MS: String(AI_TIMEOUT_MS),
  AI_MAX_RETRIES: String(AI_MAX_RETRIES),
  AI_RATE_PER_MINUTE: String(AI_RATE_PER_MINUTE),
} as const;

/** The draft the provider writes when it works. */
export const GOOD_DRAFT =
  'Hi,\n\nYour checkout has to hold up under load, and React checkouts with Stripe are most of my work: I rebuilt one last spring and cut its failed payments by a third.\n\nWhich step loses the most buyers today?\n\nFault Tester';

type AiFault = {
  fault: string;
  reply: StubReply;
  budgetMs: number;
  /** The error code the stream must carry, and words of its message telling what to do. */
  code: string;
  message: string;
  /** The provider sends part of a draft first: the stream must show text before the error. */
  partial?: boolean;
};

const FAULTS: AiFault[] = [
  {
    fault: 'hangs (never answers)',
    reply: { kind: 'hang' },
    budgetMs: AI_TIMEOUT_MS + SLACK_MS,
    code: 'ai_timeout',
    message: `did not answer within ${AI_TIMEOUT_MS / 1000} s. Try again.`,
  },
  {
    fault: `429, Retry-After ${SHORT_RETRY_AFTER_SECONDS} s`,
    reply: { kind: 'error', status: 429, retryAfterSeconds: SHORT_RETRY_AFTER_SECONDS },
    budgetMs: AI_MAX_RETRIES * SHORT_RETRY_AFTER_SECONDS * 1_000 + SLACK_MS,
    code: 'ai_rate_limited',
    message: `Try again in ${SHORT_RETRY_AFTER_SECONDS} s.`,
  },
  {
    // A wait longer than the user's request may last: the user is told when to come back, not
    // kept waiting for a retry the request cannot outlive.
    fault: `429, Retry-After ${LONG_RETRY_AFTER_SECONDS} s`,
    reply: { kind: 'error', status: 429, retryAfterSeconds: LONG_RETRY_AFTER_SECONDS },
    budgetMs: AI_TIMEOUT_MS + SLACK_MS,
    code: 'ai_rate_limited',
    message: `Try again in ${LONG_RETRY_AFTER_SECONDS} s.`,
  },
  {
    fault: '500',
    reply: { kind: 'error', status: 500 },
    budgetMs: SDK_BACKOFF_MS + SLACK_MS,
    code: 'ai_unavailable',
    message: 'Try again shortly.',
  },
  {
    fault: 'stream cut mid-draft',
    reply: { kind: 'cut', text: GOOD_DRAFT, afterChars: 60 },
    budgetMs: SLACK_MS,
    code: 'ai_unavailable',
    message: 'Try again',
    partial: true,
  },
];

type Generation = { answer: Answer; events: GenerationEvent[]; unreadable: number };

/** The events of a generate stream; blocks that are not a known event are counted. */
function readEvents(text: string): { events: GenerationEvent[]; unreadable: number } {
  const events: GenerationEvent[] = [];
  let unreadable = 0;
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n');
    const type = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
    const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length);
    if (type === undefined) continue;
    try {
      const parsed = generationEventSchema.safeParse({ type, data: JSON.parse(data ?? '') });
      if (parsed.success) events.push(parsed.data);
      else unreadable += 1;
    } catch {
      unreadable += 1;
    }
  }
  return { events, unreadable };
}

async function generate(
  apiUrl: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  timeoutMs: number,
): Promise<Generation> {
  const answer = await send(`${apiUrl}/api/responses/generate`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs,
  });
  return {
    answer,
    ...(answer.status === 200 ? readEvents(answer.text) : { events: [], unreadable: 0 }),
  };
}

function eventOf<T extends GenerationEvent['type']>(
  events: GenerationEvent[],
  type: T,
): Extract<GenerationEvent, { type: T }> | undefined {
  return events.find(
    (event): event is Extract<GenerationEvent, { type: T }> => event.type === type,
  );
}

async function savedResponse(
  apiUrl: string,
  headers: Record<string, string>,
  id: string,
): Promise<SavedResponse | null> {
  const answer = await send(`${apiUrl}/api/responses/${id}`, { headers, timeoutMs: 10_000 });
  return answer.status === 200 ? (JSON.parse(answer.text) as SavedResponse) : null;
}

const jobText = (title: string) =>
  `${title}\nWe need a React developer to fix our Stripe checkout before a sale.\nSkills: React, Stripe\nQuestions:\n1. Have you integrated Stripe Checkout before?`;

/** Runs every AI fault for one engine, each as a new user. */
export async function aiFaultRows(run: ProviderRun, stub: OpenAIStub): Promise<ProviderOutcome[]> {
  const outcomes: ProviderOutcome[] = [];
  for (const fault of FAULTS) outcomes.push(await aiFaultRow(run, stub, fault));
  return outcomes;
}

async function aiFaultRow(
  run: ProviderRun,
  stub: OpenAIStub,
  fault: AiFault,
): Promise<ProviderOutcome> {
  const { problems, expect } = problemList();
  const user = await signedInUser(run.apiUrl, run.emulatorHost);
  const outcome: ProviderOutcome = {
    engine: run.engine,
    provider: 'AI',
    fault: fault.fault,
    got: '',
    endsIn: '',
    calls: 0,
    callBound: 1 + AI_MAX_RETRIES,
    charged: '',
    elapsedMs: 0,
    budgetMs: fault.budgetMs,
    problems,
  };

  // A first draft while the provider works: the failed run must not replace it.
  stub.reset();
  stub.setDefault({ kind: 'text', text: GOOD_DRAFT });
  const first = await generate(
    run.apiUrl,
    user.headers,
    { jobText: jobText('Checkout fixes before the sale'), length: 'short' },
    30_000,
  );
  const firstDone = eventOf(first.events, 'done');
  if (!firstDone?.data.responseId) {
    problems.push(`the draft before the fault did not finish: ${answerLabel(first.answer)}`);
    return { ...outcome, got: 'setup failed', endsIn: '-' };
  }

  // The fault: every provider call of the second generation misbehaves.
  stub.setDefault(fault.reply);
  const callsBefore = stub.requests.length;
  const title = `Checkout rework (${fault.fault})`;
  const failed = await generate(
    run.apiUrl,
    user.headers,
    {
      jobText: jobText(title),
      tone: 'friendly',
      length: 'short',
      replaces: [firstDone.data.responseId],
    },
    fault.budgetMs + 20_000,
  );
  outcome.elapsedMs = failed.answer.elapsedMs;
  // Calls that come after the answer (a retry left running) count against the row as well.
  await pause(500);
  outcome.calls = stub.requests.length - callsBefore;
  stub.setDefault({ kind: 'text', text: GOOD_DRAFT });

  const error = eventOf(failed.events, 'error');
  outcome.got =
    failed.answer.status === 200
      ? `200 stream, error ${error?.data.code ?? 'none'}`
      : answerLabel(failed.answer);
  expect(failed.answer.status === 200, `the generation answered ${answerLabel(failed.answer)}`);
  expect(failed.unreadable === 0, `${failed.unreadable} stream events did not parse`);
  expect(
    error?.data.code === fault.code,
    `the error code is ${error?.data.code ?? 'missing'}, not ${fault.code}`,
  );
  expect(
    Boolean(error?.data.message.includes(fault.message)),
    `the message "${error?.data.message ?? ''}" does not say "${fault.message}"`,
  );
  expect(error?.data.retryable === true, 'the error is not marked retryable');
  expect(!eventOf(failed.events, 'done'), 'the stream also reported a finished draft');
  expect(eventOf(failed.events, 'end') !== undefined, 'the stream did not end with an end event');
  expect(outcome.elapsedMs <= fault.budgetMs, `the failure took ${outcome.elapsedMs} ms`);
  expect(outcome.calls >= 1, 'the provider was never called');
  expect(outcome.calls <= outcome.callBound, `the provider was called ${outcome.calls} times`);
  if (fault.partial)
    expect(eventOf(failed.events, 'text') !== undefined, 'no text reached the user before the cut');

  // What the user sees afterwards: the failed draft with its job and options, the earlier draft.
  const failedId = error?.data.responseId ?? eventOf(failed.events, 'start')?.data.responseIds.A;
  const saved = failedId ? await savedResponse(run.apiUrl, user.headers, failedId) : null;
  const earlier = await savedResponse(run.apiUrl, user.headers, firstDone.data.responseId);
  expect(
    saved?.generation === 'failed',
    `the draft ended ${saved?.generation ?? 'missing'}, not failed`,
  );
  expect(
    saved?.generationError === error?.data.message,
    'the failed draft does not keep the message the user was shown',
  );
  expect(saved?.job.title === title, 'the failed draft lost the pasted job');
  expect(
    saved?.tone === 'friendly' && saved.length === 'short',
    'the failed draft lost the options',
  );
  // A broken answer is not passed off as a draft: the part that arrived is not saved as its text.
  if (fault.partial) expect(saved?.text === '', 'the cut-off text was saved as the draft');
  expect(earlier?.text === firstDone.data.text, 'the earlier draft was replaced or changed');
  outcome.endsIn = [
    saved?.generation ?? 'no draft',
    fault.partial ? (saved?.text === '' ? 'partial dropped' : 'partial saved') : '',
    earlier?.text === firstDone.data.text ? 'earlier draft kept' : 'earlier draft LOST',
  ]
    .filter(Boolean)
    .join(', ');

  outcome.charged = await chargedGenerations(run.apiUrl, user.headers, expect);
  return outcome;
}

/**
 * How many of the user's per-minute generations the failed one used: the user generates until
 * refused; with the first draft's one, the budget less those accepted is what the failure cost.
 */
async function chargedGenerations(
  apiUrl: string,
  headers: Record<string, string>,
  expect: (condition: boolean, reason: string) => void,
): Promise<string> {
  let accepted = 0;
  let refusal: Answer | null = null;
  for (let probe = 0; probe < AI_RATE_PER_MINUTE && !refusal; probe += 1) {
    const next = await generate(
      apiUrl,
      headers,
      { jobText: jobText(`Budget probe ${probe}`), length: 'short' },
      30_000,
    );
    if (next.answer.status === 200) accepted += 1;
    else refusal = next.answer;
  }
  const charged = AI_RATE_PER_MINUTE - 1 - accepted;
  expect(charged === 1, `the failed generation used ${charged} of the per-minute budget`);
  expect(
    refusal?.status === 429,
    `over the budget the API answered ${refusal ? answerLabel(refusal) : 'nothing but 200'}`,
  );
  expect(Boolean(refusal?.headers.get('retry-after')), 'the refusal has no Retry-After');
  return `${charged} of ${AI_RATE_PER_MINUTE}/min`;
}
