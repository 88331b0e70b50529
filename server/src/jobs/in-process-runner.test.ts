import { describe, expect, it } from 'vitest';

import { HttpError } from '../http-error.ts';
import { inProcessRunner } from './in-process-runner.ts';
import type { JobDefinition } from './job-queue.ts';

const quiet = { warn: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the in-process job runner (PGlite)', () => {
  it('runs a task at start and every interval, never two runs at once', async () => {
    let active = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const runner = inProcessRunner(quiet);
    const slowTask: JobDefinition = {
      kind: 'task',
      name: 'slow-task',
      intervalMs: 40,
      runAtStart: true,
      task: async () => {
        active += 1;
        runs += 1;
        mostAtOnce = Math.max(mostAtOnce, active);
        await sleep(100);
        active -= 1;
      },
    };
    await runner.start([slowTask]);
    await sleep(350);
    await runner.stop();
    expect(mostAtOnce).toBe(1);
    // 100 ms runs on a 40 ms timer: a tick during a run is skipped, not queued.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(4);
    expect(active).toBe(0);
  });

  it('retries a failed run with a doubling delay, then gives up until the next round', async () => {
    const attempts: number[] = [];
    const started = Date.now();
    const runner = inProcessRunner(quiet, { retryLimit: 2, retryDelayMs: 50 });
    await runner.start([
      {
        kind: 'task',
        name: 'always-fails',
        intervalMs: 60_000,
        runAtStart: true,
        task: async () => {
          attempts.push(Date.now() - started);
          throw new Error('upstream down');
        },
      },
    ]);
    await expect.poll(() => attempts.length, { timeout: 5_000 }).toBe(3);
    await sleep(250);
    await runner.stop();
    expect(attempts).toHaveLength(3);
    const [first, second, third] = attempts as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(45);
    expect(third - second).toBeGreaterThanOrEqual(95);
  });

  it('runs each user of a round as a job of its own: one failing user delays nobody', async () => {
    const ran: string[] = [];
    const failures = new Map([['bob', 1]]);
    const runner = inProcessRunner(quiet, { retryLimit: 2, retryDelayMs: 20 });
    await runner.start([
      {
        kind: 'users',
        name: 'per-user',
        intervalMs: 300,
        round: {
          users: async () => ['alice', 'bob', 'carol'],
          run: async (userId) => {
            ran.push(userId);
            const left = failures.get(userId) ?? 0;
            if (left > 0) {
              failures.set(userId, left - 1);
              throw new Error(`${userId} failed`);
            }
          },
        },
      },
    ]);
    await expect.poll(() => ran.length, { timeout: 5_000 }).toBe(4);
    await runner.stop();
    // The first round: bob fails once, alice and carol are not held up, bob is retried.
    expect(ran).toEqual(['alice', 'bob', 'carol', 'bob']);
  });

  it('does not retry a user whose own state refuses the work, only failures a retry can mend', async () => {
    const ran: string[] = [];
    let rounds = 0;
    const runner = inProcessRunner(quiet, { retryLimit: 2, retryDelayMs: 20 });
    await runner.start([
      {
        kind: 'users',
        name: 'per-user-refusals',
        intervalMs: 50,
        round: {
          // One round with users; the later rounds find nobody.
          users: async () => (rounds++ === 0 ? ['needs-reauth', 'upstream-down'] : []),
          run: async (userId) => {
            ran.push(userId);
            if (userId === 'needs-reauth') {
              throw new HttpError(409, 'upwork_needs_reauth', 'Connect Upwork again.');
            }
            throw new HttpError(502, 'upwork_unavailable', 'Upwork is not answering.');
          },
        },
      },
    ]);
    await expect.poll(() => ran.length, { timeout: 5_000 }).toBe(4);
    await sleep(100);
    await runner.stop();
    expect(ran).toEqual(['needs-reauth', 'upstream-down', 'upstream-down', 'upstream-down']);
  });

  it('stops waiting for a retry when the API closes', async () => {
    let attempts = 0;
    const runner = inProcessRunner(quiet, { retryLimit: 5, retryDelayMs: 60_000 });
    await runner.start([
      {
        kind: 'task',
        name: 'fails-then-waits',
        intervalMs: 60_000,
        runAtStart: true,
        task: async () => {
          attempts += 1;
          throw new Error('down');
        },
      },
    ]);
    await sleep(20);
    const stopping = Date.now();
    await runner.stop();
    expect(Date.now() - stopping).toBeLessThan(1_000);
    expect(attempts).toBe(1);
  });
});
