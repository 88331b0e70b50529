/**
 * reliability.md (e): 0 serious or critical axe violations (wcag2a, wcag2aa, wcag21aa, wcag22aa)
 * on the login page and the dashboard, in both themes; check 16: the pages run under the served
 * CSP with no violation and no uncaught error.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DEMO_ADMIN } from '../support/demo-accounts.ts';

import { signIn, useBrowser } from './helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

describe('accessibility', () => {
  const browser = useBrowser();

  it('the login page has no serious or critical violations, dark and light', async () => {
    const { page } = await browser.open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.evaluate("window.localStorage.setItem('theme', 'light')");
    await page.reload();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the dashboard has no serious or critical violations, dark and light', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Dark mode' }).click();
    await page.waitForFunction("!document.documentElement.classList.contains('dark')");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('content security policy', () => {
  const browser = useBrowser();

  it('serves the SPA with a strict CSP and the pages run under it without violations', async () => {
    const watched = await browser.open();
    const response = await watched.page.goto('/login');
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();

    await signIn(watched.page, DEMO_ADMIN);
    await watched.page.getByRole('link', { name: 'Leads' }).click();
    await watched.page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await watched.page.goto('/support');
    await watched.page.getByText('Coming soon.').waitFor();
    expect(watched.cspViolations).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
