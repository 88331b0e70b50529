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
  type BenchContext,
  type BenchSection,
  type Engine as BenchEngine,
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

/** A table row: the label, then the median and 95th percentile of the values. */
function percentileRow(label: string, values: number[]): string[] {
  return [label, formatNumber(percentile(values, 50)), formatNumber(percentile(values, 95))];
}

/** Generation against the local OpenAI-compatible stub, which answers after STUB_LATENCY_MS. */
async function benchStubProvider(context: BenchContext, engine: BenchEngine): Promise<string[][]> {
  const stub = await startOpenAIStub({ latencyMs: STUB_LATENCY_MS, chunkDelayMs: 1 });
  stub.setDefault({
    kind: 'text',
    text: 'Hi there,\n\nYour Stripe checkout needs to hold up on Black Friday; React checkouts are my main work.\n\nHave you integrated Stripe Checkout before?\nYes.\n\nWhat is your availability over the next two weeks?\nI can start this week.\n\nWhich step loses the most buyers today?\n\nBench',
  });
  const email = uniqueEmail('bench-ai-admin');
  const api = await context.startApi(engine, {
    AI_PROVIDER: 'openai-compatible',
    AI_MODEL: 'stub-model',
    AI_BASE_URL: stub.url,
    AI_RATE_PER_MINUTE: '100000',
    ADMIN_EMAILS: email,
  });
  try {
    const timings = await timeGenerations(context, api, email, 'Bench AI');
    return [
      percentileRow(
        'stub provider: first byte',
        timings.map((t) => t.firstByte),
      ),
      percentileRow(
        `stub provider: first text (stub latency ${STUB_LATENCY_MS} ms)`,
        timings.map((t) => t.firstText),
      ),
      percentileRow(
        '  overhead over the stub (target < 150)',
        timings.map((t) => t.firstText - STUB_LATENCY_MS),
      ),
      percentileRow(
        'stub provider: whole draft',
        timings.map((t) => t.total),
      ),
    ];
  } finally {
    await api.stop();
    await stub.close();
  }
}

/** A warm-up generation, then RUNS timed ones, as a new account. */
async function timeGenerations(
  context: BenchContext,
  api: BenchApi,
  email: string,
  name: string,
): Promise<Timing[]> {
  const auth = authEmulatorClient(await context.emulatorHost(), BENCH_PROJECT_ID);
  const account = await auth.createAccount(email, 'bench-password-1', name);
  await timeGeneration(api, account.idToken); // warm-up (creates the user row, JIT)
  const timings: Timing[] = [];
  for (let i = 0; i < RUNS; i++) timings.push(await timeGeneration(api, account.idToken));
  return timings;
}

/** The offline engine over HTTP (AI_PROVIDER=none). */
async function benchOfflineOverHttp(context: BenchContext, engine: BenchEngine): Promise<string[]> {
  const email = uniqueEmail('bench-offline-admin');
  const api = await context.startApi(engine, { AI_PROVIDER: 'none', ADMIN_EMAILS: email });
  try {
    const timings = await timeGenerations(context, api, email, 'Bench offline');
    return percentileRow(
      'offline engine: whole draft over HTTP',
      timings.map((t) => t.total),
    );
  } finally {
    await api.stop();
  }
}

/** The offline engine's draft function alone, without HTTP or the database. */
function benchOfflineFunction(): string[] {
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
  const durations: number[] = [];
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
    durations.push(performance.now() - started);
  }
  return percentileRow('offline engine: offlineDraft() alone', durations);
}

const section: BenchSection = {
  name: 'response-stream',
  description: 'generate: first streamed byte and text with a stub provider; offline draft time',
  async run(context) {
    const engine = context.engines()[0]!;
    const rows = [
      ...(await benchStubProvider(context, engine)),
      await benchOfflineOverHttp(context, engine),
      benchOfflineFunction(),
    ];
    printTable(
      `Response generation (${RUNS} runs, ${engine.name})`,
      ['measure', 'p50 ms', 'p95 ms'],
      rows,
    );
  },
};

export default section;
