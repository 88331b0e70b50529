/**
 * Response generation: time from POST /api/responses/generate to the first streamed
 * byte and to the first streamed draft text, with the local OpenAI-compatible stub as provider
 * (its own latency is subtracted: target < 150 ms of overhead); and the offline engine's time for
 * a whole draft, over HTTP and as the bare function.
 *
 *   npm run bench -- response-stream
 *   BENCH_RESPONSE_RUNS=40 BENCH_STUB_LATENCY_MS=100 npm run bench -- response-stream
 */
import { offlineDraft } from '../../server/src/ai/offline-engine.ts';
import { agentJobFromPastedText } from '../../server/src/modules/responses/context.ts';
import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';
import { startOpenAIStub } from '../../tests/support/openai-stub.ts';

import {
  BENCH_PROJECT_ID,
  formatNumber,
  printTable,
  type BenchApi,
  type BenchSection,
} from './support.ts';

const RUNS = Number(process.env.BENCH_RESPONSE_RUNS ?? 20);
const STUB_LATENCY_MS = Number(process.env.BENCH_STUB_LATENCY_MS ?? 50);

const JOB_TEXT = `React developer for a Stripe checkout
We need a React developer to fix and extend our Stripe checkout flow before Black Friday.
Skills: React, Stripe, Node.js
Budget: $2,000
Questions:
1. Have you integrated Stripe Checkout before?
2. What is your availability over the next two weeks?`;

type Timing = { firstByte: number; firstText: number; total: number };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timeGeneration(api: BenchApi, token: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${api.url}/api/responses/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jobText: JOB_TEXT, tone: 'professional', length: 'short' }),
  });
  if (!response.ok || !response.body)
    throw new Error(`generate answered ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let firstByte = 0;
  let firstText = 0;
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    buffer += value;
    if (!firstText && buffer.includes('event: text')) firstText = performance.now() - started;
    if (buffer.includes('event: error'))
      throw new Error(`generation failed: ${buffer.slice(buffer.indexOf('event: error'), 400)}`);
  }
  return { firstByte, firstText, total: performance.now() - started };
}

const section: BenchSection = {
  name: 'response-stream',
  description: 'generate: first streamed byte and text with a stub provider; offline draft time',
  async run(context) {
    const host = await context.emulatorHost();
    const engine = context.engines()[0]!;
    const rows: string[][] = [];

    // 1. With a provider: the local OpenAI-compatible stub, answering after STUB_LATENCY_MS.
    const stub = await startOpenAIStub({ latencyMs: STUB_LATENCY_MS, chunkDelayMs: 1 });
    stub.setDefault({
      kind: 'text',
      text: 'Hi there,\n\nYour Stripe checkout needs to hold up on Black Friday; React checkouts are my main work.\n\nHave you integrated Stripe Checkout before?\nYes.\n\nWhat is your availability over the next two weeks?\nI can start this week.\n\nWhich step loses the most buyers today?\n\nBench',
    });
    const email = uniqueEmail('bench-ai-admin');
    let api = await context.startApi(engine, {
      AI_PROVIDER: 'openai-compatible',
      AI_MODEL: 'stub-model',
      AI_BASE_URL: stub.url,
      AI_RATE_PER_MINUTE: '100000',
      ADMIN_EMAILS: email,
    });
    try {
      const auth = authEmulatorClient(host, BENCH_PROJECT_ID);
      const account = await auth.createAccount(email, 'bench-password-1', 'Bench AI');
      await timeGeneration(api, account.idToken); // warm-up (creates the user row, JIT)
      const timings: Timing[] = [];
      for (let i = 0; i < RUNS; i++) timings.push(await timeGeneration(api, account.idToken));
      const overhead = timings.map((t) => t.firstText - STUB_LATENCY_MS);
      rows.push(
        [
          'stub provider: first byte',
          formatNumber(
            percentile(
              timings.map((t) => t.firstByte),
              50,
            ),
          ),
          formatNumber(
            percentile(
              timings.map((t) => t.firstByte),
              95,
            ),
          ),
        ],
        [
          `stub provider: first text (stub latency ${STUB_LATENCY_MS} ms)`,
          formatNumber(
            percentile(
              timings.map((t) => t.firstText),
              50,
            ),
          ),
          formatNumber(
            percentile(
              timings.map((t) => t.firstText),
              95,
            ),
          ),
        ],
        [
          '  overhead over the stub (target < 150)',
          formatNumber(percentile(overhead, 50)),
          formatNumber(percentile(overhead, 95)),
        ],
        [
          'stub provider: whole draft',
          formatNumber(
            percentile(
              timings.map((t) => t.total),
              50,
            ),
          ),
          formatNumber(
            percentile(
              timings.map((t) => t.total),
              95,
            ),
          ),
        ],
      );
    } finally {
      await api.stop();
      await stub.close();
    }

    // 2. Offline engine over HTTP (AI_PROVIDER=none), then the bare function.
    const offlineEmail = uniqueEmail('bench-offline-admin');
    api = await context.startApi(engine, { AI_PROVIDER: 'none', ADMIN_EMAILS: offlineEmail });
    try {
      const auth = authEmulatorClient(host, BENCH_PROJECT_ID);
      const account = await auth.createAccount(offlineEmail, 'bench-password-1', 'Bench offline');
      await timeGeneration(api, account.idToken);
      const timings: Timing[] = [];
      for (let i = 0; i < RUNS; i++) timings.push(await timeGeneration(api, account.idToken));
      rows.push([
        'offline engine: whole draft over HTTP',
        formatNumber(
          percentile(
            timings.map((t) => t.total),
            50,
          ),
        ),
        formatNumber(
          percentile(
            timings.map((t) => t.total),
            95,
          ),
        ),
      ]);
    } finally {
      await api.stop();
    }
    const job = agentJobFromPastedText(JOB_TEXT, null, new Date());
    const profile = {
      name: 'Bench',
      title: 'Developer',
      overview: 'I build React apps.',
      skills: ['React', 'Stripe'],
      hourlyRateMinor: 8500,
      currency: 'USD',
      signature: 'Bench',
      writingSamples: [],
    };
    const fn: number[] = [];
    for (let i = 0; i < RUNS * 10; i++) {
      const started = performance.now();
      offlineDraft({
        job,
        profile,
        portfolio: [],
        template: null,
        tone: 'professional',
        length: 'medium',
        variant: 'A',
      });
      fn.push(performance.now() - started);
    }
    rows.push([
      'offline engine: offlineDraft() alone',
      formatNumber(percentile(fn, 50)),
      formatNumber(percentile(fn, 95)),
    ]);
    printTable(
      `Response generation (${RUNS} runs, ${engine.name})`,
      ['measure', 'p50 ms', 'p95 ms'],
      rows,
    );
  },
};

export default section;
