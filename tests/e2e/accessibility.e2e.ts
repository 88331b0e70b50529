/**
 * Accessibility: 0 serious or critical axe violations (wcag2a, wcag2aa, wcag21aa, wcag22aa)
 * on the login page and on every main screen, in both themes. (The CSP check lives in
 * security-headers.e2e.ts.)
 */
import { describe, expect, it } from 'vitest';

import { DEMO_ADMIN } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { signIn, useBrowser } from './helpers.ts';

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

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('every main screen has no serious or critical violations', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    const screens: Array<[string, string]> = [
      ['/upwork-jobs', 'Browse Jobs'],
      ['/responses', 'Responses'],
      ['/generate-response', 'Generate Response'],
      ['/templates', 'Response Templates'],
      ['/portfolio', 'Portfolio'],
      ['/leads', 'Leads'],
      ['/messages', 'Messages'],
      ['/activity', 'Activity'],
      ['/settings/account', 'Account'],
      ['/users', 'Users'],
      ['/support', 'Help'],
    ];
    const found: string[] = [];
    for (const [path, title] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      // The event stream keeps the network busy, so wait for the screen's own loading states instead.
      await page.waitForFunction(() => !/Loading/.test(document.body.innerText), undefined, {
        timeout: 15_000,
      });
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    expect(found).toEqual([]);
  }, 180_000);
});
