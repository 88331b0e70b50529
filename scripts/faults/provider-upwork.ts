import type { UpworkConnection } from '#contract/upwork';

import type { UpworkSandbox } from '../../tests/support/upwork-sandbox.ts';
import { signedInUser } from './fault-api.ts';
import {
  answerLabel,
  apiError,
  pause,
  problemList,
  send,
  type Answer,
  type ProviderOutcome,
  type ProviderRun,
} from './provider-outcome.ts';

/**
 * Upwork under faults: a user connects Upwork through the sandbox's OAuth flow, then refreshes
 * the job feed (POST /api/upwork/sync) while Upwork misbehaves. The answer must be a clear error
 * (never a 500), a 429 must carry Retry-After, the connection must end in the state the user
 * should see (still connected with the error shown, or waiting to be connected again), and
 * Upwork must be called no more often than the client's retry rules allow. Nothing here spends
 * Connects, so nothing is charged.
 */

/**
 * The API's Upwork request timeout. It is fixed in the GraphQL client (no setting shortens it),
 * so the timeout row waits it out.
 */
export const UPWORK_TIMEOUT_MS = 20_000;
/** A 429 with a short Retry-After is waited for and retried at most twice. */
const UPWORK_CALL_BOUND = 3;
/** A Retry-After the client waits for, and one it reports at once (above its 10 s limit). */
const SHORT_RETRY_AFTER_SECONDS = 1;
const LONG_RETRY_AFTER_SECONDS = 120;
const SLACK_MS = 2_000;

/** The API's environment for the sandbox; the background syncs are off so they make no calls. */
export function upworkEnv(sandbox: UpworkSandbox): Record<string, string> {
  return {
    UPWORK_CLIENT_ID: sandbox.clientId,
    UPWORK_CLIENT_SECRET: sandbox.clientSecret,
    UPWORK_AUTHORIZE_URL: sandbox.authorizeUrl,
    UPWORK_TOKEN_URL: sandbox.tokenUrl,
    UPWORK_GRAPHQL_URL: sandbox.graphqlUrl,
    SAVED_SEARCH_POLL_SECONDS: '0',
    MESSAGE_POLL_SECONDS: '0',
    TRANSACTION_SYNC_SECONDS: '0',
  };
}

type User = { headers: Record<string, string> };

/** Connects the user's Upwork as the SPA does: start, follow the authorize redirect, callback. */
async function connectUpwork(run: ProviderRun, user: User): Promise<void> {
  const json = { ...user.headers, 'content-type': 'application/json' };
  const start = await send(`${run.apiUrl}/api/upwork/connect`, {
    method: 'POST',
    headers: user.headers,
    timeoutMs: 10_000,
  });
  if (start.status !== 200) throw new Error(`POST /api/upwork/connect: ${answerLabel(start)}`);
  const { authorizeUrl } = JSON.parse(start.text) as { authorizeUrl: string };
  const redirect = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = new URL(redirect.headers.get('location') ?? '');
  const callback = await send(`${run.apiUrl}/api/upwork/callback`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      code: location.searchParams.get('code'),
      state: location.searchParams.get('state'),
    }),
    timeoutMs: 10_000,
  });
  if (callback.status !== 200)
    throw new Error(`POST /api/upwork/callback: ${answerLabel(callback)}`);
}

const sync = (run: ProviderRun, user: User, timeoutMs: number) =>
  send(`${run.apiUrl}/api/upwork/sync`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: '{}',
    timeoutMs,
  });

async function connection(run: ProviderRun, user: User): Promise<UpworkConnection | null> {
  const answer = await send(`${run.apiUrl}/api/upwork/connection`, {
    headers: user.headers,
    timeoutMs: 10_000,
  });
  return answer.status === 200 ? (JSON.parse(answer.text) as UpworkConnection) : null;
}

type UpworkFault = {
  fault: string;
  budgetMs: number;
  /** Sets the fault up on the sandbox just before the user's action. */
  arm: (sandbox: UpworkSandbox) => void;
  status: number;
  code: string;
  /** Words of the message that tell the user what to do. */
  message: string;
  /** Upwork's Retry-After: the API's must not send the client back sooner. */
  retryAfterSeconds?: number;
  /** The connection state afterwards: a passing fault leaves it connected. */
  state: UpworkConnection['status'];
};

const FAULTS: UpworkFault[] = [
  {
    fault: `429, Retry-After ${SHORT_RETRY_AFTER_SECONDS} s`,
    // More 429s than the client may retry, so the user is the one told to wait.
    arm: (sandbox) => {
      for (let n = 0; n <= UPWORK_CALL_BOUND; n += 1)
        sandbox.failNext({ status: 429, retryAfter: SHORT_RETRY_AFTER_SECONDS });
    },
    budgetMs: (UPWORK_CALL_BOUND - 1) * SHORT_RETRY_AFTER_SECONDS * 1_000 + SLACK_MS,
    status: 429,
    code: 'rate_limited',
    message: `try again in ${SHORT_RETRY_AFTER_SECONDS} s`,
    retryAfterSeconds: SHORT_RETRY_AFTER_SECONDS,
    state: 'connected',
  },
  {
    fault: '503',
    arm: (sandbox) => sandbox.failNext({ status: 503 }),
    budgetMs: SLACK_MS,
    status: 502,
    code: 'upwork_unavailable',
    message: 'Try again in a few minutes.',
    state: 'connected',
  },
  {
    fault: `no answer for ${(UPWORK_TIMEOUT_MS + 5_000) / 1000} s`,
    arm: (sandbox) => sandbox.failNext({ status: 504, delayMs: UPWORK_TIMEOUT_MS + 5_000 }),
    budgetMs: UPWORK_TIMEOUT_MS + SLACK_MS,
    status: 502,
    code: 'upwork_unavailable',
    message: 'Try again in a minute.',
    state: 'connected',
  },
  {
    fault: 'invalid_grant on refresh',
    // Upwork stops accepting the stored tokens: the access token is refused and the refresh
    // token revoked, as when the user removes the app on Upwork.
    arm: (sandbox) => {
      sandbox.expireAccessTokens();
      sandbox.revokeRefreshTokens();
    },
    budgetMs: SLACK_MS,
    status: 409,
    code: 'upwork_needs_reauth',
    message: 'Connect Upwork again.',
    state: 'needs_reauth',
  },
  {
    // Last: the API then holds every Upwork call of this server for the whole wait.
    fault: `429, Retry-After ${LONG_RETRY_AFTER_SECONDS} s`,
    arm: (sandbox) => sandbox.failNext({ status: 429, retryAfter: LONG_RETRY_AFTER_SECONDS }),
    budgetMs: SLACK_MS,
    status: 429,
    code: 'rate_limited',
    message: `try again in ${LONG_RETRY_AFTER_SECONDS} s`,
    retryAfterSeconds: LONG_RETRY_AFTER_SECONDS,
    state: 'connected',
  },
];

/** Runs every Upwork fault for one engine, each as a new user with a new connection. */
export async function upworkFaultRows(
  run: ProviderRun,
  sandbox: UpworkSandbox,
): Promise<ProviderOutcome[]> {
  const outcomes: ProviderOutcome[] = [];
  for (const fault of FAULTS) outcomes.push(await upworkFaultRow(run, sandbox, fault));
  return outcomes;
}

async function upworkFaultRow(
  run: ProviderRun,
  sandbox: UpworkSandbox,
  fault: UpworkFault,
): Promise<ProviderOutcome> {
  const { problems, expect } = problemList();
  const user = await signedInUser(run.apiUrl, run.emulatorHost);
  sandbox.clearFaults();
  await connectUpwork(run, user);

  const before = sandbox.requests.length;
  fault.arm(sandbox);
  const answer = await sync(run, user, fault.budgetMs + 20_000);
  // Calls that come after the answer (a retry left running) count against the row as well.
  await pause(500);
  const calls = sandbox.requests.slice(before);
  sandbox.clearFaults();
  const shown = await connection(run, user);
  const error = apiError(answer);

  expect(
    answer.status === fault.status,
    `the sync answered ${answerLabel(answer)}, not ${fault.status}`,
  );
  expect(
    error?.code === fault.code,
    `the error code is ${error?.code ?? 'missing'}, not ${fault.code}`,
  );
  expect(
    Boolean(error?.message.includes(fault.message)),
    `the message "${error?.message ?? ''}" does not say "${fault.message}"`,
  );
  expect(answer.elapsedMs <= fault.budgetMs, `the answer took ${answer.elapsedMs} ms`);
  expect(calls.length >= 1, 'Upwork was never called');
  expect(calls.length <= UPWORK_CALL_BOUND, `Upwork was called ${calls.length} times`);
  expect(
    shown?.status === fault.state,
    `the connection shows ${shown?.status ?? 'nothing'}, not ${fault.state}`,
  );
  expect(
    Boolean(shown?.lastError) && shown?.lastError === error?.message,
    'the connection does not show the error the user was answered',
  );
  if (fault.retryAfterSeconds !== undefined)
    checkRetryAfter(answer, fault.retryAfterSeconds, expect);
  let extraCalls = 0;
  if (fault.state === 'needs_reauth')
    extraCalls = await checkNoRefreshLoop(run, user, sandbox, calls, expect);

  return {
    engine: run.engine,
    provider: 'Upwork',
    fault: fault.fault,
    got: answerLabel(answer),
    endsIn: shown ? `${shown.status}, error shown` : 'no connection',
    calls: calls.length + extraCalls,
    callBound: UPWORK_CALL_BOUND,
    charged: 'n/a',
    elapsedMs: answer.elapsedMs,
    budgetMs: fault.budgetMs,
    problems,
  };
}

/** A 429 tells the client when to come back, and never sooner than Upwork allows. */
function checkRetryAfter(
  answer: Answer,
  upworkSeconds: number,
  expect: (condition: boolean, reason: string) => void,
) {
  const header = answer.headers.get('retry-after');
  const seconds = Number(header);
  expect(header !== null, 'the 429 has no Retry-After');
  expect(
    Number.isFinite(seconds) && seconds >= upworkSeconds,
    `Retry-After ${header ?? ''} sends the client back sooner than Upwork's ${upworkSeconds} s`,
  );
}

/**
 * After invalid_grant the API refreshed once and stopped: a second action answers at once with
 * the same state and calls Upwork no more. Answers the calls the second action made.
 */
async function checkNoRefreshLoop(
  run: ProviderRun,
  user: User,
  sandbox: UpworkSandbox,
  calls: UpworkSandbox['requests'],
  expect: (condition: boolean, reason: string) => void,
): Promise<number> {
  const refreshes = calls.filter((call) => call.grantType === 'refresh_token').length;
  expect(refreshes === 1, `the API tried ${refreshes} refreshes`);
  const before = sandbox.requests.length;
  const again = await sync(run, user, 10_000);
  await pause(500);
  const later = sandbox.requests.length - before;
  expect(again.status === 409, `a second sync answered ${answerLabel(again)}`);
  expect(later === 0, `a second sync called Upwork ${later} more times`);
  return later;
}
