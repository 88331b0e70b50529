/**
 * Crafted input against the parsers of pasted text and CSV: for each endpoint, the slowest of
 * its adversarial inputs (tests/support/adversarial-inputs.ts, sized to the API's limits), and
 * how long GET /api/health took meanwhile (polled every 20 ms). One request must never freeze
 * the API: a parser that backtracks shows up as a health latency of seconds.
 *
 *   npm run bench -- abuse
 */
import {
  ADVERSARIAL_CSV,
  ADVERSARIAL_JOB_TEXTS,
  adversarialGenerateTexts,
} from '../../tests/support/adversarial-inputs.ts';
import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';

import { BENCH_PROJECT_ID, formatNumber, printTable, type BenchSection } from './support.ts';

const HEALTH_EVERY_MS = 20;

type Attack = { name: string; path: string; body: unknown };
type Outcome = {
  worstMs: number;
  worstName: string;
  statuses: Map<number, number>;
  health: number[];
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function fire(baseUrl: string, token: string, attacks: Attack[]): Promise<Outcome> {
  const health: number[] = [];
  let running = true;
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await (await fetch(`${baseUrl}/api/health`)).text();
      } finally {
        health.push(performance.now() - started);
      }
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  const outcome: Outcome = { worstMs: 0, worstName: '', statuses: new Map(), health };
  try {
    for (const attack of attacks) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${attack.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(attack.body),
      });
      await response.text(); // the whole answer (generate streams its draft)
      const elapsed = performance.now() - started;
      if (elapsed > outcome.worstMs) {
        outcome.worstMs = elapsed;
        outcome.worstName = attack.name;
      }
      outcome.statuses.set(response.status, (outcome.statuses.get(response.status) ?? 0) + 1);
    }
  } finally {
    running = false;
    await poller;
  }
  return outcome;
}

const section: BenchSection = {
  name: 'abuse',
  description: 'adversarial job texts and CSV files: worst parse time and /api/health latency',
  async run(context) {
    const host = await context.emulatorHost();
    const engine = context.engines()[0]!;
    const email = uniqueEmail('bench-abuse-admin');
    const api = await context.startApi(engine, {
      AI_PROVIDER: 'none',
      AI_RATE_PER_MINUTE: '100000',
      ADMIN_EMAILS: email,
    });
    try {
      const auth = authEmulatorClient(host, BENCH_PROJECT_ID);
      const account = await auth.createAccount(email, 'bench-password-1', 'Bench abuse');
      const token = account.idToken;
      // Warm-up: creates the user row and compiles the routes.
      await fire(api.url, token, [
        { name: 'warm-up', path: '/api/jobs/parse', body: { text: 'A short ordinary job text' } },
      ]);

      const parsers: Array<{ label: string; attacks: Attack[] }> = [
        {
          label: 'POST /api/jobs/parse (job text)',
          attacks: ADVERSARIAL_JOB_TEXTS.map(({ name, text }) => ({
            name,
            path: '/api/jobs/parse',
            body: { text },
          })),
        },
        {
          label: 'POST /api/jobs/manual (manual add)',
          attacks: ADVERSARIAL_JOB_TEXTS.map(({ name, text }) => ({
            name,
            path: '/api/jobs/manual',
            body: { text },
          })),
        },
        {
          label: 'POST /api/responses/generate (paste)',
          attacks: adversarialGenerateTexts().map(({ name, text }) => ({
            name,
            path: '/api/responses/generate',
            body: { jobText: text, tone: 'professional', length: 'short' },
          })),
        },
        {
          label: 'POST /api/jobs/import-csv (dry run)',
          attacks: ADVERSARIAL_CSV.map(({ name, csv }) => ({
            name,
            path: '/api/jobs/import-csv',
            body: { csv, dryRun: true },
          })),
        },
      ];

      const rows: string[][] = [];
      for (const parser of parsers) {
        const outcome = await fire(api.url, token, parser.attacks);
        rows.push([
          parser.label,
          String(parser.attacks.length),
          formatNumber(outcome.worstMs),
          outcome.worstName,
          formatNumber(Math.max(...outcome.health)),
          formatNumber(percentile(outcome.health, 99)),
          [...outcome.statuses].map(([status, count]) => `${count}×${status}`).join(' '),
        ]);
      }
      printTable(
        `Adversarial inputs at the size limits (${engine.name}; health polled every ${HEALTH_EVERY_MS} ms)`,
        [
          'parser',
          'inputs',
          'worst ms',
          'worst input',
          'health max ms',
          'health p99 ms',
          'answers',
        ],
        rows,
      );
    } finally {
      await api.stop();
    }
  },
};

export default section;
