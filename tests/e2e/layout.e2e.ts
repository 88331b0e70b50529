/** The theme survives a reload; the mobile drawer opens and closes. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { signIn, useBrowser, waitForPath } from './helpers.ts';

const htmlHasDark = async (page: Page): Promise<boolean> =>
  ((await page.locator('html').getAttribute('class')) ?? '').split(/\s+/).includes('dark');

const storedTheme = async (page: Page): Promise<unknown> =>
  page.evaluate("window.localStorage.getItem('theme')");

describe('theme', () => {
  const browser = useBrowser();

  it('starts dark, toggles to light, and keeps light across a reload', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    expect(await htmlHasDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => htmlHasDark(page)).toBe(false);
    expect(await storedTheme(page)).toBe('light');

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await htmlHasDark(page)).toBe(false);
    expect(await storedTheme(page)).toBe('light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => htmlHasDark(page)).toBe(true);
    expect(await storedTheme(page)).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await htmlHasDark(page)).toBe(true);
  });
});

describe('mobile drawer at 390 px', () => {
  const browser = useBrowser();

  it('opens with the menu button and closes after a link click', async () => {
    const { page } = await browser.open({ viewport: { width: 390, height: 844 } });
    await signIn(page, DEMO_FREELANCER);

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    expect(await drawer.count()).toBe(0);
    // The fixed sidebar is hidden at this width: its links are not visible.
    // Exact: the dashboard may also show "View all leads due".
    expect(await page.getByRole('link', { name: 'Leads', exact: true }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('link', { name: 'Leads', exact: true }).click();

    await waitForPath(page, '/leads');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
  });
});
