import type { FastifyBaseLogger } from 'fastify';

import { HttpError } from '../http-error.ts';

/**
 * The one home of background work. An area registers its work while the API starts; the queue
 * runs it from the moment the API is ready until it closes. Two kinds of work:
 *
 * - `every`: one task per interval, for the whole service. With several API processes on one
 *   PostgreSQL, exactly one of them runs each round.
 * - `everyForEachUser`: per interval, one round lists the users with work to do, and each user's
 *   share then runs as a job of its own: it receives only that user's id, so it reads and writes
 *   only that user's rows, and one user's failure delays nobody else.
 *
 * A run that throws is retried with a growing delay (a few times), then logged and left to the
 * next round, unless its error says a retry cannot help (see `isWorthRetrying`). Runs of one task never overlap. Closing waits a few seconds for runs in flight.
 */
export type JobQueue = {
  every: (
    name: string,
    intervalMs: number,
    task: () => Promise<unknown>,
    options?: { runAtStart?: boolean },
  ) => void;
  everyForEachUser: (name: string, intervalMs: number, round: UserRound) => void;
};

export type UserRound = {
  /** The users with work this round (may also do the round's shared upkeep first). */
  users: () => Promise<string[]>;
  /** One user's share of the round. */
  run: (userId: string) => Promise<unknown>;
};

/** How a failed run is tried again: `retryLimit` more times, after `retryDelayMs`, doubling. */
export type RetryPolicy = { retryLimit: number; retryDelayMs: number };

export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 2, retryDelayMs: 5_000 };

/**
 * False for a refusal about the user's own state, which only the user can change: Upwork to be
 * connected again, nothing connected, a record gone (an HTTP 4xx other than 408 and 429). Retrying
 * those would only call out again for nothing; the next round finds them as they then are.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  const status = error.statusCode;
  return status < 400 || status >= 500 || status === 408 || status === 429;
}

/** The work one area registered, as both runners receive it. */
export type JobDefinition =
  | {
      kind: 'task';
      name: string;
      intervalMs: number;
      task: () => Promise<unknown>;
      runAtStart: boolean;
    }
  | { kind: 'users'; name: string; intervalMs: number; round: UserRound };

/** Where runners report failures. */
export type JobLog = Pick<FastifyBaseLogger, 'warn'>;

/** A runner: collects definitions, starts them once the API is ready, stops them on close. */
export type JobRunner = {
  start: (definitions: readonly JobDefinition[]) => Promise<void>;
  stop: () => Promise<void>;
};

/** Job names are lower-case words joined by hyphens ("transaction-sync"), as queues need. */
export function assertJobName(name: string): void {
  for (const part of name.split('-')) {
    if (
      part.length === 0 ||
      ![...part].every((c) => (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
    ) {
      throw new Error(`Job name "${name}" must be lower-case words joined by hyphens`);
    }
  }
}
