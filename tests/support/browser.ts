/**
 * Debian's Chromium through playwright-core (browser downloads are blocked here: never run
 * `npx playwright install`). Used by the e2e specs and the bench.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export type WatchedPage = {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and Content-Security-Policy violations seen so far. */
  pageErrors: string[];
  cspViolations: string[];
};

/** A fresh context (its own storage) and page, with page errors and CSP violations recorded. */
export async function openPage(
  browser: Browser,
  options: { baseURL: string; viewport?: { width: number; height: number } },
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { context, page, pageErrors, cspViolations };
}
