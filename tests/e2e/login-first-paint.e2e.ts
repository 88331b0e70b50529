/**
 * What a first visitor notices of /login (docs/decisions/0006): the panel paints from the HTML,
 * the sign-in form works before the Firebase SDK has loaded (and says so if it never does), the
 * session hint reads the SDK's own storage key, and scripts arrive precompressed.
 */
import { describe, expect, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';
import { launchChromium } from '../support/browser.ts';

import { baseURL, fillLogin, signIn, useBrowser, waitForPath } from './helpers.ts';

const PANEL_TEXT = 'Win more Upwork work with less busywork.';
/** The SDK's key for the signed-in user (firebase:authUser:{apiKey}:{appName}); e2e builds use 'demo-api-key'. */
const PERSISTED_USER_KEY = 'firebase:authUser:demo-api-key:[DEFAULT]';

describe('the login route before and without scripts', () => {
  const browser = useBrowser();

  it('paints the sign-in panel from the HTML alone, and only on /login', async () => {
    const chromium = await launchChromium();
    try {
      const context = await chromium.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/login');
      expect(await page.getByText(PANEL_TEXT).isVisible()).toBe(true);
      // Out of the accessibility tree and out of reach until the app replaces it.
      expect(await page.locator('[data-prerendered="login"]').getAttribute('aria-hidden')).toBe(
        'true',
      );
      await page.goto('/dashboard');
      expect(await page.getByText(PANEL_TEXT).count()).toBe(0);
      await context.close();
    } finally {
      await chromium.close();
    }
  });

  it('replaces the static panel with the working page, leaving one copy', async () => {
    const { page } = await browser.open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
    expect(await page.getByText(PANEL_TEXT).count()).toBe(1);
  });

  it('shows the form without the Firebase SDK, and a readable error when it cannot load', async () => {
    const { page, context } = await browser.open();
    // On the context, not the page: once the service worker is active it fetches /static/ files,
    // and page.route does not see those requests.
    await context.route(/firebase-sdk\.[0-9a-f]+\.js$/, (route) => route.abort());
    await fillLogin(page, DEMO_FREELANCER.email, DEMO_FREELANCER.password);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Cannot reach the sign-in service. Check your connection and try again.',
    );
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("keeps the session under the SDK's key, so a return visit skips the sign-in page", async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    expect(
      await page.evaluate(`localStorage.getItem(${JSON.stringify(PERSISTED_USER_KEY)})`),
    ).not.toBeNull();
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    // The SDK clears its key when its sign-out completes (the route changes a moment earlier).
    await page.waitForFunction((key) => localStorage.getItem(key) === null, PERSISTED_USER_KEY);
    // With the key gone, the next visit starts signed out without waiting for the SDK.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });

  it('restores a session an earlier version kept in IndexedDB, and moves it to localStorage', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    // Put the stored user where an earlier version of the app kept it: the SDK's IndexedDB store.
    await page.evaluate(async (key) => {
      const stored = localStorage.getItem(key);
      if (!stored) throw new Error('no stored user');
      localStorage.removeItem(key);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('firebaseLocalStorageDb', 1);
        request.onupgradeneeded = () =>
          request.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('firebaseLocalStorage', 'readwrite');
        transaction
          .objectStore('firebaseLocalStorage')
          .put({ fbase_key: key, value: JSON.parse(stored) });
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
    }, PERSISTED_USER_KEY);
    // Nothing in localStorage: the page starts at the sign-in form, then the SDK finds the user.
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, PERSISTED_USER_KEY);
  });

  it('sends scripts precompressed (Brotli or gzip, with a length, not streamed)', async () => {
    const html = await (await fetch(`${baseURL()}/login`)).text();
    const script = /<script[^>]+src="(\/static\/js\/lib-react[^"]+)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${baseURL()}${script}`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    }
  });
});
