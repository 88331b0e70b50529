/**
 * The leads screen with 10,000 leads of one user, in headless Chromium against a production build:
 * the board's first render (navigation to the first cards), a search (typing until the board
 * shows only the matches; the search box waits 300 ms for typing to pause, included), a keyboard
 * move of one card to Won (from the key press until the server confirms the move), and the
 * table's first render. The leads go in through the CSV import, two files of 5,000 rows.
 *
 *   npm run bench -- crm
 *   BENCH_CRM_LEADS=2000 BENCH_CRM_RUNS=3 npm run bench -- crm
 */

import type { Page } from 'playwright-core';

import { LEAD_CSV_MAX_ROWS, LEAD_STAGES } from '../../src/contract/leads.ts';
import { createSpaServer } from '../serve-spa.ts';
import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';
import { launchChromium } from '../../tests/support/browser.ts';

import {
  benchSpaDist,
  BENCH_PORTS,
  BENCH_PROJECT_ID,
  formatNumber,
  printTable,
  type BenchApi,
  type BenchSection,
} from './support.ts';

const LEADS = Number(process.env.BENCH_CRM_LEADS ?? 10_000);
const RUNS = Number(process.env.BENCH_CRM_RUNS ?? 5);
const PASSWORD = 'bench-password-1';
/** One lead in this many carries the company the search looks for. */
const MATCH_EVERY = 500;
const MATCH_WORD = 'Zephyrine';

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const row = (label: string, values: number[], note = '') => [
  label,
  values.length > 0 ? formatNumber(percentile(values, 50)) : 'n/a',
  values.length > 0 ? formatNumber(percentile(values, 95)) : 'n/a',
  note,
];

/** CSV rows for leads `from`..`to`: spread over the stages, with values, tags and next actions. */
function leadsCsv(from: number, to: number): string {
  const lines = ['contact_name,company,email,source,stage,value,currency,next_action,tags'];
  for (let i = from; i < to; i += 1) {
    const stage = LEAD_STAGES[i % LEAD_STAGES.length];
    const company = i % MATCH_EVERY === 0 ? `${MATCH_WORD} Labs ${i}` : `Company ${i}`;
    lines.push(
      [
        `Contact ${i}`,
        company,
        `lead${i}@bench.example`,
        i % 3 === 0 ? 'upwork' : 'referral',
        stage,
        String(500 + (i % 97) * 25),
        'USD',
        'Follow up',
        i % 2 === 0 ? 'retainer;web' : 'mobile',
      ].join(','),
    );
  }
  return lines.join('\n');
}

async function seedLeads(api: BenchApi, token: string): Promise<number> {
  let imported = 0;
  for (let start = 0; start < LEADS; start += LEAD_CSV_MAX_ROWS) {
    const response = await fetch(`${api.url}/api/leads/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        csv: leadsCsv(start, Math.min(LEADS, start + LEAD_CSV_MAX_ROWS)),
        dryRun: false,
      }),
    });
    if (!response.ok)
      throw new Error(`import answered ${response.status}: ${await response.text()}`);
    imported += ((await response.json()) as { imported: number }).imported;
  }
  return imported;
}

/** The page's document as the board predicates read it (the bench is typed without the DOM library). */
type CardDocument = {
  document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }> };
};

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

const firstCard = (page: Page, column: string) =>
  page
    .getByRole('list', { name: `${column} leads` })
    .getByRole('listitem')
    .first();

/** Navigation to /leads until the first cards of the board are on screen. */
async function boardFirstRender(page: Page): Promise<number> {
  const started = performance.now();
  await page.goto('/leads');
  await firstCard(page, 'Won').waitFor();
  return performance.now() - started;
}

/** Typing a search until the board holds only the matching cards. */
async function filterBoard(page: Page): Promise<number> {
  const expected = Math.ceil(LEADS / MATCH_EVERY);
  const search = page.getByRole('searchbox', { name: 'Search' });
  const started = performance.now();
  await search.fill(MATCH_WORD.toLowerCase());
  await page.waitForFunction(
    ({ count, word }) => {
      // Runs in the page: Playwright sends this function's source, so it names nothing outside it.
      const cards = [
        ...(globalThis as unknown as CardDocument).document.querySelectorAll('[data-lead-id]'),
      ];
      return (
        cards.length === count && cards.every((card) => (card.textContent ?? '').includes(word))
      );
    },
    { count: Math.min(expected, 50 * LEAD_STAGES.length), word: MATCH_WORD },
  );
  const elapsed = performance.now() - started;
  await search.fill('');
  await page.waitForFunction(
    (word) =>
      [...(globalThis as unknown as CardDocument).document.querySelectorAll('[data-lead-id]')].some(
        (card) => !(card.textContent ?? '').includes(word),
      ),
    MATCH_WORD,
  );
  return elapsed;
}

/** The first New card to Won with the keyboard (its Move menu), until the server confirms. */
async function keyboardMove(page: Page): Promise<number> {
  const card = firstCard(page, 'New');
  const name = (await card.getByRole('button').nth(1).textContent())?.trim() ?? '';
  await card.getByRole('button', { name: `Move ${name}` }).focus();
  await page.keyboard.press('Enter');
  const target = page.getByRole('dialog', { name: `Move ${name}` }).getByRole('button', {
    name: 'To Won',
  });
  await target.focus();
  const confirmed = page.waitForResponse(
    (response) => response.url().endsWith('/move') && response.request().method() === 'POST',
  );
  const started = performance.now();
  await page.keyboard.press('Enter');
  const response = await confirmed;
  const elapsed = performance.now() - started;
  if (!response.ok()) throw new Error(`the move answered ${response.status()}`);
  await page
    .getByRole('list', { name: 'Won leads' })
    .getByRole('button', { name })
    .first()
    .waitFor();
  return elapsed;
}

/** Navigation to /leads?view=table until the first row is on screen. */
async function tableFirstRender(page: Page): Promise<number> {
  const started = performance.now();
  await page.goto('/leads?view=table');
  await page.getByRole('table', { name: 'Leads' }).getByRole('row').nth(1).waitFor();
  return performance.now() - started;
}

const section: BenchSection = {
  name: 'crm',
  description: `leads board and table with ${LEADS.toLocaleString('en-US')} leads in Chromium`,
  async run(context) {
    const engine = context.engines()[0]!;
    const email = uniqueEmail('bench-crm-board');
    const api = await context.startApi(engine, {
      ADMIN_EMAILS: email,
      CORS_ORIGINS: `http://localhost:${BENCH_PORTS.web}`,
    });
    const root = await benchSpaDist(context.workDir);
    const server = await createSpaServer({
      root,
      host: 'localhost',
      port: BENCH_PORTS.web,
      connectOrigins: [
        `http://localhost:${BENCH_PORTS.api}`,
        `http://127.0.0.1:${BENCH_PORTS.api}`,
        // The SPA signs in against the bench's Auth emulator.
        `http://127.0.0.1:${BENCH_PORTS.emulator.port}`,
      ],
    });
    const browser = await launchChromium();
    try {
      const auth = authEmulatorClient(await context.emulatorHost(), BENCH_PROJECT_ID);
      const account = await auth.createAccount(email, PASSWORD, 'Bench Leads');
      const seedStarted = performance.now();
      const imported = await seedLeads(api, account.idToken);
      const seedMs = performance.now() - seedStarted;

      const browserContext = await browser.newContext({
        baseURL: server.url,
        serviceWorkers: 'block',
        viewport: { width: 1440, height: 900 },
      });
      const page = await browserContext.newPage();
      await signIn(page, email);
      await boardFirstRender(page); // warm-up: chunks cached, JIT, database caches
      const board: number[] = [];
      const filter: number[] = [];
      const moves: number[] = [];
      const table: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        board.push(await boardFirstRender(page));
        filter.push(await filterBoard(page));
        moves.push(await keyboardMove(page));
        table.push(await tableFirstRender(page));
      }
      await browserContext.close();
      printTable(
        `Leads screen (${imported.toLocaleString('en-US')} leads, ${RUNS} runs, ${engine.name}; seeded by CSV import in ${formatNumber(seedMs / 1000, 1)} s)`,
        ['measure', 'p50 ms', 'p95 ms', 'note'],
        [
          row('board: navigation to the first cards', board, 'full page load, signed in'),
          row('board: search until only matches show', filter, 'includes the 300 ms typing pause'),
          row(
            'board: keyboard move to Won, until confirmed',
            moves,
            'optimistic: the card moves at once',
          ),
          row('table: navigation to the first row', table, 'full page load'),
        ],
      );
    } finally {
      await browser.close();
      await server.close();
      await api.stop();
    }
  },
};

export default section;
