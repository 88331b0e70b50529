/**
 * How long a signed-in user waits for a screen when opening the app cold: a new browser context
 * holding only the stored sign-in (cache empty, service worker blocked), against a production
 * build served locally, the API on PGlite and the Auth emulator, all on loopback.
 *
 * Two marks per load, from navigation start: "screen" when the page's own heading is in the main
 * region, "content" when, in addition, no status on the page says it is loading any more ('Loading…',
 * 'Loading responses…', a skeleton labelled 'Loading the board…'): the screen's data is in. Budget: content under 600 ms.
 */

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { createSpaServer } from '../serve-spa.ts';
import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';
import { launchChromium } from '../../tests/support/browser.ts';

import {
  BENCH_PORTS,
  BENCH_PROJECT_ID,
  formatNumber,
  median,
  benchSpaDist,
  printTable,
  type BenchSection,
} from './support.ts';

const RUNS = Number(process.env.BENCH_SIGNED_IN_RUNS ?? 9);
const CONTENT_BUDGET_MS = 600;

/** Screens a returning user opens first, with the heading each shows. */
const SCREENS = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/responses', heading: 'Responses' },
  { path: '/leads', heading: 'Leads' },
];

// Runs before any page script: checks every frame until both marks are taken.
const OBSERVE_MARKS = (heading: string) => `
  window.__marks = { screen: 0, content: 0 };
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const LOADING = /^Loading/;
  const check = () => {
    const main = document.querySelector('main');
    const title = main && [...main.querySelectorAll('h1')].some((h) => h.textContent.trim() === ${JSON.stringify(heading)});
    if (title && !window.__marks.screen) window.__marks.screen = performance.now();
    if (title) {
      const loading = [...document.querySelectorAll('[role=status]')].some((el) =>
        LOADING.test((el.getAttribute('aria-label') || el.textContent).trim()),
      );
      if (!loading) {
        window.__marks.content = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

type Marks = { screen: number; content: number };

/** BENCH_SIGNED_IN_WATERFALL=1 prints every load's requests and long tasks, to see what waits. */
const WATERFALL = Boolean(process.env.BENCH_SIGNED_IN_WATERFALL);

async function printWaterfall(page: Page, url: string): Promise<void> {
  const detail = await page.evaluate(() => ({
    marks: (globalThis as unknown as { __marks: Marks }).__marks,
    requests: performance.getEntriesByType('resource').map((entry) => {
      // A resource entry (the bench is typed without the DOM library).
      const timing = entry as unknown as { startTime: number; responseEnd: number; name: string };
      return [timing.startTime, timing.responseEnd, timing.name] as const;
    }),
    longTasks: (globalThis as unknown as { __longTasks: number[][] }).__longTasks,
  }));
  const ms = (value: number) => String(Math.round(value)).padStart(5);
  console.log(`  ${url}: screen ${ms(detail.marks.screen)}, content ${ms(detail.marks.content)}`);
  for (const [start, end, name] of detail.requests) {
    const { pathname, search } = new URL(name);
    console.log(`    ${ms(start)} → ${ms(end)}  ${pathname}${search.slice(0, 40)}`);
  }
  for (const [start, duration] of detail.longTasks) {
    console.log(`    ${ms(start ?? 0)} long task ${Math.round(duration ?? 0)} ms`);
  }
}

/** Signs a new account in through the form once and keeps what the browser stored. */
async function storedSignIn(
  browser: Browser,
  webUrl: string,
  emulatorHost: string,
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const email = uniqueEmail('signed-in-bench');
  const password = 'bench-password-1';
  await authEmulatorClient(emulatorHost, BENCH_PROJECT_ID).createAccount(email, password, 'Bench');
  const browserContext = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await browserContext.newPage();
    await page.goto(`${webUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
    return await browserContext.storageState();
  } finally {
    await browserContext.close();
  }
}

async function timeLoad(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
  heading: string,
): Promise<Marks> {
  const browserContext = await browser.newContext({ serviceWorkers: 'block', storageState });
  try {
    const page = await browserContext.newPage();
    await page.addInitScript(OBSERVE_MARKS(heading));
    await page.goto(url);
    // Functions, not strings: the page's content security policy forbids evaluating strings.
    await page.waitForFunction(
      () => (globalThis as unknown as { __marks: Marks }).__marks.content > 0,
      null,
      { timeout: 30_000 },
    );
    if (WATERFALL) await printWaterfall(page, url);
    return await page.evaluate(() => (globalThis as unknown as { __marks: Marks }).__marks);
  } finally {
    await browserContext.close();
  }
}

const section: BenchSection = {
  name: 'signed-in-route',
  description: 'time to content of a screen opened cold by a signed-in user, headless Chromium',
  async run(context) {
    const emulatorHost = await context.emulatorHost();
    const root = await benchSpaDist(context.workDir);
    const [pglite] = context.engines().filter((engine) => engine.name === 'PGlite');
    const api = await context.startApi(pglite ?? { name: 'PGlite' });
    // The page's content security policy lets it reach this API and emulator, as in production.
    const server = await createSpaServer({
      root,
      host: 'localhost',
      port: BENCH_PORTS.web,
      connectOrigins: [api.url, `http://localhost:${BENCH_PORTS.api}`, `http://${emulatorHost}`],
      frameOrigins: [`http://${emulatorHost}`],
    });
    const browser = await launchChromium();
    try {
      const storageState = await storedSignIn(browser, server.url, emulatorHost);
      const rows: string[][] = [];
      let worst = 0;
      for (const screen of SCREENS) {
        // One load first, so the API's own first-request costs are not counted.
        await timeLoad(browser, storageState, `${server.url}${screen.path}`, screen.heading);
        const runs: Marks[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          runs.push(
            await timeLoad(browser, storageState, `${server.url}${screen.path}`, screen.heading),
          );
        }
        const content = median(runs.map((r) => r.content));
        worst = Math.max(worst, content);
        rows.push([
          screen.path,
          `${formatNumber(median(runs.map((r) => r.screen)))} ms`,
          `${formatNumber(content)} ms`,
          `${formatNumber(Math.max(...runs.map((r) => r.content)))} ms`,
        ]);
      }
      printTable(
        `Signed-in cold load: median of ${RUNS} loads (PGlite API, loopback)`,
        ['screen', 'screen shown', 'content', 'slowest content'],
        rows,
      );
      console.log(
        `  budget: content ${formatNumber(worst)} ms of ${CONTENT_BUDGET_MS} ms ` +
          `${worst <= CONTENT_BUDGET_MS ? '(within)' : '(OVER)'}`,
      );
    } finally {
      await browser.close();
      await server.close();
      await api.stop();
    }
  },
};

export default section;
