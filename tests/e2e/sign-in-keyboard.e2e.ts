/**
 * Signing in with the keyboard only: email, Tab, password, Enter reaches the dashboard and sends
 * no password-reset email; the reset link comes after Sign in and asks before it sends.
 */
import { describe, expect, it } from 'vitest';

import { DEMO_VIEWER } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { emulator, useBrowser, waitForPath } from './helpers.ts';

async function resetEmailsTo(email: string): Promise<number> {
  const codes = await emulator().oobCodes();
  return codes.filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    .length;
}

describe('sign-in with the keyboard', () => {
  const browser = useBrowser();

  it('goes email, Tab, password, Enter to the dashboard without sending a reset email', async () => {
    const { page } = await browser.open();
    const resetsBefore = await resetEmailsTo(DEMO_VIEWER.email);
    await page.goto('/login');
    const email = page.getByLabel('Email');
    await email.waitFor();
    await email.focus();
    await page.keyboard.type(DEMO_VIEWER.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_VIEWER.password);
    await page.keyboard.press('Enter');

    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await resetEmailsTo(DEMO_VIEWER.email)).toBe(resetsBefore);
  });

  it('reaches Sign in before "Forgot password?", which asks before it sends', async () => {
    const { page } = await browser.open();
    const resetsBefore = await resetEmailsTo(DEMO_VIEWER.email);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_VIEWER.email);
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('Tab');
    const focusedName = async () =>
      ((await page.evaluate('document.activeElement?.textContent ?? ""')) as string).trim();
    expect(await focusedName()).toBe('Sign in');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Forgot password?');

    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('group', { name: 'Reset your password' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(DEMO_VIEWER.email);
    expect(await resetEmailsTo(DEMO_VIEWER.email)).toBe(resetsBefore);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await confirmation.waitFor({ state: 'detached' });
    expect(await resetEmailsTo(DEMO_VIEWER.email)).toBe(resetsBefore);
  });

  it('has no serious accessibility violations in the light theme either', async () => {
    const { page } = await browser.open();
    await page.goto('/login');
    await page.evaluate("window.localStorage.setItem('theme', 'light')");
    await page.reload();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('group', { name: 'Reset your password' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
