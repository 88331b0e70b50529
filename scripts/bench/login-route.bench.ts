/**
 * What the login route costs a first-time visitor: the JS and CSS that /login
 * actually loads (bytes, gzip bytes, and the bytes that crossed the wire in the encoding the
 * server chose, recorded from the page's responses in headless Chromium) and its paint and load
 * timings (PerformanceObserver), against a production build served locally.
 * Budgets: under 150 KB of JS on the wire, largest contentful paint under 500 ms. How the page meets the
 * paint budget: docs/decisions/0006-login-first-paint.md.
 */
import { gzipSync } from 'node:zlib';

import type { Browser } from 'playwright-core';

import { createSpaServer } from '../serve-spa.ts';
import { launchChromium } from '../../tests/support/browser.ts';

import {
  BENCH_PORTS,
  formatNumber,
  median,
  benchSpaDist,
  kb,
  printTable,
  type BenchSection,
} from './support.ts';

const RUNS = Number(process.env.BENCH_LOGIN_RUNS ?? 9);
const JS_BUDGET_WIRE = 150 * 1024;
const LCP_BUDGET_MS = 500;

// Runs before any page script: records paint entries as they happen.
const OBSERVE_PAINTS = `
  window.__bench = { lcp: 0, fcp: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.renderTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
`;

const READ_TIMINGS = `
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    resolve({
      lcp: window.__bench.lcp,
      fcp: window.__bench.fcp,
      ttfb: nav.responseStart,
      domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
    });
  })))
`;

type Timings = { lcp: number; fcp: number; ttfb: number; domContentLoaded: number; load: number };
type Asset = {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzip: number;
  /** Body bytes as transferred (after the server's content encoding). */
  wire: number;
  encoding: string;
};

/** Every script and stylesheet a cold load of the page fetches, with its bytes and gzip bytes. */
async function recordAssets(browser: Browser, url: string): Promise<Asset[]> {
  const browserContext = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await browserContext.newPage();
    const seen: Array<Promise<Asset | undefined>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      seen.push(
        Promise.all([response.body(), response.request().sizes(), response.allHeaders()]).then(
          ([body, sizes, headers]) => ({
            url: new URL(response.url()).pathname,
            kind: type === 'script' ? 'js' : 'css',
            bytes: body.length,
            gzip: gzipSync(body).length,
            wire: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
          }),
          () => undefined,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    return (await Promise.all(seen)).filter((asset): asset is Asset => asset !== undefined);
  } finally {
    await browserContext.close();
  }
}

const section: BenchSection = {
  name: 'login-route',
  description: 'JS/CSS bytes and paint timings of /login in headless Chromium',
  async run(context) {
    const root = await benchSpaDist(context.workDir);
    const server = await createSpaServer({ root, host: 'localhost', port: BENCH_PORTS.web });
    const browser = await launchChromium();
    try {
      // What the route loads comes from one load of its own: reading and gzipping response bodies
      // happens in this process, which also serves the files, so the timed loads listen to nothing.
      const assets = await recordAssets(browser, `${server.url}/login`);
      const runs: Timings[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // A new context each time: a first visit, cold cache, no service worker.
        const browserContext = await browser.newContext({ serviceWorkers: 'block' });
        const page = await browserContext.newPage();
        await page.addInitScript(OBSERVE_PAINTS);
        await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
        runs.push((await page.evaluate(READ_TIMINGS)) as Timings);
        await browserContext.close();
      }

      const total = (kind: 'js' | 'css') =>
        assets
          .filter((asset) => asset.kind === kind)
          .reduce(
            (sum, asset) => ({
              bytes: sum.bytes + asset.bytes,
              gzip: sum.gzip + asset.gzip,
              wire: sum.wire + asset.wire,
            }),
            { bytes: 0, gzip: 0, wire: 0 },
          );
      const js = total('js');
      const css = total('css');
      printTable(
        'Login route (/login): files loaded',
        ['file', 'bytes', 'gzip', 'on the wire'],
        [
          ...assets
            .sort((a, b) => b.wire - a.wire)
            .map((asset) => [
              asset.url,
              kb(asset.bytes),
              kb(asset.gzip),
              `${kb(asset.wire)} ${asset.encoding}`,
            ]),
          ['JS total', kb(js.bytes), kb(js.gzip), kb(js.wire)],
          ['CSS total', kb(css.bytes), kb(css.gzip), kb(css.wire)],
        ],
      );
      const timing = (key: keyof Timings) => `${formatNumber(median(runs.map((r) => r[key])))} ms`;
      printTable(
        `Login route (/login): timings, median of ${RUNS} cold loads`,
        ['metric', 'value'],
        [
          ['TTFB', timing('ttfb')],
          ['first contentful paint', timing('fcp')],
          ['largest contentful paint', timing('lcp')],
          ['DOMContentLoaded', timing('domContentLoaded')],
          ['load', timing('load')],
        ],
      );
      const lcp = median(runs.map((r) => r.lcp));
      console.log(
        `  budget: JS on the wire ${kb(js.wire)} of ${kb(JS_BUDGET_WIRE)} ${js.wire <= JS_BUDGET_WIRE ? '(within)' : '(OVER)'}; ` +
          `LCP ${formatNumber(lcp)} ms of ${LCP_BUDGET_MS} ms ${lcp <= LCP_BUDGET_MS ? '(within)' : '(OVER)'}`,
      );
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

export default section;
