import { Worker } from 'node:worker_threads';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADVERSARIAL_CSV, ADVERSARIAL_JOB_TEXTS } from '#test-support/adversarial-inputs';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

/** Polls the URL in workerData every 20 ms until told to stop, then posts the times and statuses. */
const HEALTH_POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let polling = true;
parentPort.once('message', () => { polling = false; });
(async () => {
  const times = [];
  const statuses = [];
  while (polling) {
    const started = performance.now();
    const response = await fetch(workerData);
    await response.text();
    times.push(performance.now() - started);
    statuses.push(response.status);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage({ times, statuses });
})();
`;

/**
 * One request must never freeze the API: while crafted job texts and CSV files at the size limits
 * are parsed through a real listening server, /api/health keeps answering.
 */
describe('parsers with adversarial input', () => {
  let h: Harness;
  let member: SignedIn;
  let base: string;

  beforeAll(async () => {
    h = await createHarness({
      // Every text below is one request; the per-user limits are not what this test is about.
      env: { RATE_LIMIT_PER_MINUTE: '100000', WRITE_RATE_LIMIT_PER_MINUTE: '100000' },
    });
    member = await h.signIn({ modules: ['upwork'] });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await h?.close();
  });

  /**
   * Sends each body in turn while /api/health is polled every 20 ms from a worker thread. The
   * server shares this test's event loop, so a poller on it would stall along with the server and
   * never see the wait; the worker's own loop times what a separate client would.
   */
  async function sendWhilePolling(
    path: string,
    bodies: Array<{ name: string; body: unknown }>,
  ): Promise<{
    statuses: Array<{ name: string; status: number }>;
    healthTimes: number[];
    healthStatuses: number[];
  }> {
    const poller = new Worker(HEALTH_POLLER, { eval: true, workerData: `${base}/api/health` });
    const polled = new Promise<{ times: number[]; statuses: number[] }>((resolve, reject) => {
      poller.once('message', resolve);
      poller.once('error', reject);
    });
    // Awaited below; this only keeps a failed poll from counting as unhandled meanwhile.
    polled.catch(() => undefined);

    const statuses: Array<{ name: string; status: number }> = [];
    try {
      for (const { name, body } of bodies) {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { ...member.headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await response.text();
        statuses.push({ name, status: response.status });
      }
    } finally {
      poller.postMessage('stop');
    }
    const { times, statuses: healthStatuses } = await polled;
    await poller.terminate();
    return { statuses, healthTimes: times, healthStatuses };
  }

  it('answers every job-text parse without a server error while health answers every poll in under 1 s', async () => {
    const { statuses, healthTimes, healthStatuses } = await sendWhilePolling(
      '/api/jobs/parse',
      ADVERSARIAL_JOB_TEXTS.map(({ name, text }) => ({ name, body: { text } })),
    );

    for (const { name, status } of statuses) expect(status, name).toBeLessThan(500);
    expect(statuses.filter((p) => p.status === 200).length).toBeGreaterThan(0);
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(healthStatuses.every((status) => status === 200)).toBe(true);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
  });

  it('answers every CSV import without a server error while health answers every poll in under 1 s', async () => {
    const { statuses, healthTimes, healthStatuses } = await sendWhilePolling(
      '/api/jobs/import-csv',
      ADVERSARIAL_CSV.map(({ name, csv }) => ({ name, body: { csv, dryRun: true } })),
    );

    for (const { name, status } of statuses) expect(status, name).toBeLessThan(500);
    expect(statuses.filter((p) => p.status === 200).length).toBeGreaterThan(0);
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(healthStatuses.every((status) => status === 200)).toBe(true);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
  }, 60_000);
});
