/**
 * Shared steps for the e2e specs. The stack (tests/support/e2e-global-setup.ts) serves the SPA on
 * 3150, the API on 5150 and the Auth emulator on 9299, with the demo accounts seeded.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

import { authEmulatorClient } from '../support/auth-emulator-client.ts';
import { launchChromium, openPage, type WatchedPage } from '../support/browser.ts';
import type { DemoAccount } from '../support/demo-accounts.ts';
import { TEST_PROJECT_ID } from '../support/test-ports.ts';

export const baseURL = (): string => inject('e2eBaseUrl');
export const emulator = () => authEmulatorClient(inject('e2eEmulatorHost'), TEST_PROJECT_ID);

/**
 * One Chromium per spec file; each test opens its own context (fresh storage). Pages opened
 * through `open` are closed after each test.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const opened: WatchedPage[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const watched of opened.splice(0)) await watched.context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(options: { viewport?: { width: number; height: number } } = {}) {
      if (!browser) throw new Error('The browser did not start');
      const watched = await openPage(browser, { baseURL: baseURL(), viewport: options.viewport });
      opened.push(watched);
      return watched;
    },
  };
}

/** The path of the page's current URL. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Waits until the URL's path is `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, account: Pick<DemoAccount, 'email' | 'password'>) {
  await fillLogin(page, account.email, account.password);
  await waitForPath(page, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** The text of the first element a locator finds, once it is visible. */
export async function visibleText(locator: ReturnType<Page['locator']>): Promise<string> {
  await locator.first().waitFor({ state: 'visible' });
  return (await locator.first().textContent())?.trim() ?? '';
}
