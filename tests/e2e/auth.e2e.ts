/** Sign-in, wrong password, password reset, sign-up and sign-out in Chromium. */
import { describe, expect, it } from 'vitest';

import { uniqueEmail } from '../support/auth-emulator-client.ts';
import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import {
  emulator,
  fillLogin,
  pathOf,
  signIn,
  useBrowser,
  visibleText,
  waitForPath,
} from './helpers.ts';

/** True for a red text colour, whether Chromium reports it as rgb(), lab(), oklab(), lch() or oklch(). */
function isRed(color: string): boolean {
  const numbers = (color.match(/-?[\d.]+/g) ?? []).map(Number);
  const [x = 0, y = 0, z = 0] = numbers;
  const redHue = (hue: number) => hue <= 50 || hue >= 330;
  if (color.startsWith('rgb')) return x > y + 60 && x > z + 60;
  if (color.startsWith('lab(') || color.startsWith('oklab(')) {
    const hue = (Math.atan2(z, y) * 180) / Math.PI;
    const chroma = Math.hypot(y, z);
    return chroma > (color.startsWith('lab(') ? 30 : 0.1) && redHue((hue + 360) % 360);
  }
  if (color.startsWith('lch(') || color.startsWith('oklch(')) {
    return y > (color.startsWith('lch(') ? 30 : 0.1) && redHue(z);
  }
  return false;
}

describe('signing in and out', () => {
  const browser = useBrowser();

  it('signs in with email and password and lands on the dashboard', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);

    expect(pathOf(page)).toBe('/dashboard');
    // The top bar's profile link shows the backend name.
    expect(await visibleText(page.getByRole('link', { name: /^Profile:/ }))).toContain(
      'Demo Freelancer',
    );
  });

  it('shows a red alert and stays on /login for a wrong password', async () => {
    const { page } = await browser.open();
    await fillLogin(page, DEMO_FREELANCER.email, 'not-the-password');

    const alert = page.getByRole('alert');
    expect(await visibleText(alert)).toBe('The email or password is incorrect.');
    const color = String(
      await page.evaluate("getComputedStyle(document.querySelector('[role=alert]')).color"),
    );
    expect(isRed(color), `alert colour ${color}`).toBe(true);
    expect(pathOf(page)).toBe('/login');
    // The form is usable again once the attempt failed.
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
  });

  it('sends a password reset email for the typed address', async () => {
    const { page } = await browser.open();
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_FREELANCER.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset email' }).click();

    expect(await visibleText(page.getByText('Password reset email sent.'))).toBe(
      'Password reset email sent.',
    );
    const codes = await emulator().oobCodes();
    expect(codes).toContainEqual(
      expect.objectContaining({ email: DEMO_FREELANCER.email, requestType: 'PASSWORD_RESET' }),
    );
  });

  it('creates an account from "create a new account" and sends the verification email', async () => {
    const { page } = await browser.open();
    const email = uniqueEmail('signup');
    await page.goto('/login');
    await page.getByRole('link', { name: 'create a new account' }).click();
    await waitForPath(page, '/signup');

    await page.getByLabel('Display name').fill('New Freelancer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('signup-password-1');
    await page.getByLabel('Confirm password').fill('signup-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();

    expect(
      await visibleText(page.getByText('Verification email sent. Please verify your email.')),
    ).toBe('Verification email sent. Please verify your email.');
    const codes = await emulator().oobCodes();
    expect(codes).toContainEqual(expect.objectContaining({ email, requestType: 'VERIFY_EMAIL' }));
  });

  it('signs out from the sidebar and returns to /login', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page.getByRole('button', { name: 'Logout' }).click();

    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    // Signed out for real: a guarded route sends the visitor back to the login page.
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
  });
});
