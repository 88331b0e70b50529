/**
 * Quotes: the first streamed byte of POST /api/quotes/generate over the stub model's latency
 * (target < 150 ms), the offline quote for a three-page RFP (target < 1 s), the PDF of a 40-line
 * quote (target < 500 ms), and the public share page: JS on the wire (target < 60 KB) and its
 * largest contentful paint on a cold load, against a production build served locally.
 *
 *   npm run bench -- quotes
 *   BENCH_QUOTE_RUNS=20 BENCH_STUB_LATENCY_MS=100 npm run bench -- quotes
 */
import { readFileSync } from 'node:fs';

import { createSpaServer } from '../serve-spa.ts';
import { offlineQuote } from '../../server/src/modules/quote-generation/offline-quote.ts';
import { exportModelOf } from '../../server/src/modules/quote-export/export-model.ts';
import { renderQuotePdf } from '../../server/src/modules/quote-export/quote-pdf.ts';
import { fortyLineQuote } from '../../server/src/modules/quote-export/test-quotes.ts';
import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';
import { launchChromium } from '../../tests/support/browser.ts';
import { startOpenAIStub } from '../../tests/support/openai-stub.ts';

import {
  benchSpaDist,
  BENCH_PORTS,
  BENCH_PROJECT_ID,
  formatNumber,
  kb,
  printTable,
  type BenchApi,
  type BenchContext,
  type BenchSection,
  type Engine,
} from './support.ts';

const RUNS = Number(process.env.BENCH_QUOTE_RUNS ?? 10);
const STUB_LATENCY_MS = Number(process.env.BENCH_STUB_LATENCY_MS ?? 50);
const SHARE_JS_BUDGET = 60 * 1024;
const THREE_PAGE_RFP = new URL(
  '../../tests/fixtures/rfps/clinic-booking-platform.txt',
  import.meta.url,
);

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const row = (label: string, values: number[], budget = '') => [
  label,
  formatNumber(percentile(values, 50)),
  formatNumber(percentile(values, 95)),
  budget,
];

function threePageRfp(): string {
  return readFileSync(THREE_PAGE_RFP, 'utf8');
}

/**
 * A valid answer for the stub model: the offline quote's sections and lines in hours, the shape
 * the quote agent asks a model for, so the bench times the model path and not its fallback.
 */
function modelAnswer(rfpText: string): string {
  const quote = offlineQuote({ rfpText, rateMinor: 8_500, currency: 'USD', now: new Date() });
  const { status, currency, validUntil, discount, taxBasisPoints, ...sections } = quote;
  void [status, currency, validUntil, discount, taxBasisPoints];
  const lineItems = quote.lineItems.map(({ rateMinor, selected, ...line }) => {
    void [rateMinor, selected];
    return line;
  });
  return JSON.stringify({ ...sections, lineItems });
}

type StreamTiming = { firstByte: number; firstStep: number; total: number };

async function timeGeneration(api: BenchApi, token: string, rfpText: string) {
  const started = performance.now();
  const response = await fetch(`${api.url}/api/quotes/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rfpText, currency: 'USD', rateMinor: 8_500 }),
  });
  if (!response.ok || !response.body)
    throw new Error(`generate answered ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const timing: StreamTiming = { firstByte: 0, firstStep: 0, total: 0 };
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!timing.firstByte) timing.firstByte = performance.now() - started;
    buffer += value;
    if (!timing.firstStep && buffer.includes('event: step'))
      timing.firstStep = performance.now() - started;
    if (buffer.includes('event: error'))
      throw new Error(`generation failed: ${buffer.slice(buffer.indexOf('event: error'), 400)}`);
  }
  if (!buffer.includes('event: quote')) throw new Error('the stream ended without a quote');
  timing.total = performance.now() - started;
  return {
    timing,
    quoteId: /"quoteId":"([0-9a-f-]{36})"/.exec(buffer)?.[1] ?? '',
    offline: buffer.includes('"offline":true'),
  };
}

async function signedInToken(context: BenchContext, email: string): Promise<string> {
  const auth = authEmulatorClient(await context.emulatorHost(), BENCH_PROJECT_ID);
  const account = await auth.createAccount(email, 'bench-password-1', 'Bench Quotes');
  return account.idToken;
}

/** Generation with a model: the local OpenAI-compatible stub answers after STUB_LATENCY_MS. */
async function benchStubStream(context: BenchContext, engine: Engine): Promise<string[][]> {
  const stub = await startOpenAIStub({ latencyMs: STUB_LATENCY_MS, chunkDelayMs: 1 });
  stub.setDefault({ kind: 'text', text: modelAnswer(threePageRfp()) });
  const email = uniqueEmail('bench-quote-ai');
  const api = await context.startApi(engine, {
    AI_PROVIDER: 'openai-compatible',
    AI_MODEL: 'stub-model',
    AI_BASE_URL: stub.url,
    AI_RATE_PER_MINUTE: '100000',
    ADMIN_EMAILS: email,
  });
  try {
    const token = await signedInToken(context, email);
    const rfp = threePageRfp();
    const warmUp = await timeGeneration(api, token, rfp); // warm-up: user row, JIT
    if (warmUp.offline) throw new Error("the stub model's quote was not used (offline fallback)");
    const timings: StreamTiming[] = [];
    for (let run = 0; run < RUNS; run += 1)
      timings.push((await timeGeneration(api, token, rfp)).timing);
    return [
      row(
        `stub model: first streamed byte (stub latency ${STUB_LATENCY_MS} ms)`,
        timings.map((t) => t.firstByte),
        '< 150 over the stub',
      ),
      row(
        'stub model: first step event',
        timings.map((t) => t.firstStep),
      ),
      row(
        'stub model: whole quote saved',
        timings.map((t) => t.total),
      ),
    ];
  } finally {
    await api.stop();
    await stub.close();
  }
}

/** The offline engine over HTTP, and the share page served from a production build. */
async function benchOfflineAndSharePage(
  context: BenchContext,
  engine: Engine,
): Promise<{ rows: string[][]; share: string[][] }> {
  const email = uniqueEmail('bench-quote-offline');
  const api = await context.startApi(engine, {
    AI_PROVIDER: 'none',
    ADMIN_EMAILS: email,
    // The share page is served from the bench's SPA port and calls the API across origins.
    CORS_ORIGINS: `http://localhost:${BENCH_PORTS.web}`,
  });
  try {
    const token = await signedInToken(context, email);
    const rfp = threePageRfp();
    const first = await timeGeneration(api, token, rfp);
    const totals: number[] = [];
    for (let run = 0; run < RUNS; run += 1)
      totals.push((await timeGeneration(api, token, rfp)).timing.total);
    const share = await benchSharePage(context, api, token, first.quoteId);
    return {
      rows: [row('offline engine: whole quote over HTTP (3-page RFP)', totals, '< 1000')],
      share,
    };
  } finally {
    await api.stop();
  }
}

const OBSERVE_LCP = `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.renderTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function benchSharePage(
  context: BenchContext,
  api: BenchApi,
  token: string,
  quoteId: string,
): Promise<string[][]> {
  // What only the freelancer knows ([Add: …] parts) is written in first: sharing refuses them.
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const quote = (await (await fetch(`${api.url}/api/quotes/${quoteId}`, { headers })).json()) as {
    document: unknown;
    version: number;
  };
  const filled = JSON.parse(
    JSON.stringify(quote.document).replace(/\[Add:[^\]]*\]/g, 'the first Monday in March'),
  ) as unknown;
  const saved = await fetch(`${api.url}/api/quotes/${quoteId}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ document: filled, baseVersion: quote.version }),
  });
  if (!saved.ok) throw new Error(`save answered ${saved.status}: ${await saved.text()}`);
  const shared = await fetch(`${api.url}/api/quotes/${quoteId}/share`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  if (!shared.ok) throw new Error(`share answered ${shared.status}: ${await shared.text()}`);
  const { path } = (await shared.json()) as { path: string };
  const root = await benchSpaDist(context.workDir);
  const server = await createSpaServer({
    root,
    host: 'localhost',
    port: BENCH_PORTS.web,
    connectOrigins: [`http://localhost:${BENCH_PORTS.api}`, `http://127.0.0.1:${BENCH_PORTS.api}`],
  });
  const browser = await launchChromium();
  try {
    let wire = 0;
    let scripts = 0;
    const lcps: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const browserContext = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 390, height: 844 },
      });
      const page = await browserContext.newPage();
      const sizes: Array<Promise<number>> = [];
      if (run === 0)
        page.on('response', (response) => {
          if (response.request().resourceType() !== 'script') return;
          scripts += 1;
          sizes.push(
            response
              .request()
              .sizes()
              .then((s) => s.responseBodySize),
          );
        });
      await page.addInitScript(OBSERVE_LCP);
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('table').first().waitFor();
      await page.waitForTimeout(200);
      lcps.push((await page.evaluate('window.__lcp')) as number);
      if (run === 0) wire = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
      await browserContext.close();
    }
    return [
      [
        `share page: JS on the wire (${scripts} files)`,
        kb(wire),
        `${kb(SHARE_JS_BUDGET)} ${wire <= SHARE_JS_BUDGET ? '(within)' : '(OVER)'}`,
      ],
      [
        `share page: LCP at 390 px, median of ${RUNS} cold loads`,
        `${formatNumber(percentile(lcps, 50))} ms`,
        '',
      ],
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The functions alone, without HTTP or the database. */
async function benchFunctions(): Promise<string[][]> {
  const rfp = threePageRfp();
  const offline: number[] = [];
  for (let run = 0; run < RUNS * 5; run += 1) {
    const started = performance.now();
    offlineQuote({ rfpText: rfp, rateMinor: 8_500, currency: 'USD', now: new Date() });
    offline.push(performance.now() - started);
  }
  const model = exportModelOf(
    { document: fortyLineQuote() },
    { name: 'Bench Quotes', title: 'Developer' },
    new Date(),
  );
  await renderQuotePdf(model); // warm-up: font parsing, JIT
  const pdf: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await renderQuotePdf(
      exportModelOf(
        { document: fortyLineQuote() },
        { name: 'Bench Quotes', title: 'Developer' },
        new Date(),
      ),
    );
    pdf.push(performance.now() - started);
  }
  return [
    row(
      `offlineQuote() alone (${rfp.length.toLocaleString('en-US')} characters)`,
      offline,
      '< 1000',
    ),
    row('renderQuotePdf(): 40-line quote', pdf, '< 500'),
  ];
}

const section: BenchSection = {
  name: 'quotes',
  description: 'quote stream first byte, offline quote, 40-line PDF, share page bytes and LCP',
  async run(context) {
    const engine = context.engines()[0]!;
    const functions = await benchFunctions();
    const stream = await benchStubStream(context, engine);
    const { rows, share } = await benchOfflineAndSharePage(context, engine);
    printTable(
      `Quotes (${RUNS} runs, ${engine.name})`,
      ['measure', 'p50 ms', 'p95 ms', 'target'],
      [...stream, ...rows, ...functions],
    );
    printTable('Quote share page (/q/:token)', ['measure', 'value', 'target'], share);
  },
};

export default section;
