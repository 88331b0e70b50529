/** Steps a brand-new user takes in the profile and first-hour specs, driven through the UI. */
import type { Page } from 'playwright-core';

import { uniqueEmail } from '../support/auth-emulator-client.ts';

import { emulator, waitForPath } from './helpers.ts';

export const NEW_PASSWORD = 'first-hour-password-1';

/** Signs up from the login page, opens the emailed verification link, and lands on the dashboard. */
export async function signUpThroughUi(page: Page, displayName: string): Promise<string> {
  const email = uniqueEmail('first-hour');
  await page.goto('/login');
  await page.getByRole('link', { name: 'create a new account' }).click();
  await waitForPath(page, '/signup');
  await page.getByLabel('Display name').fill(displayName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Verification email sent. Please verify your email.').waitFor();

  // The emulator keeps the email's link instead of sending it; open it as the user would.
  const codes = await emulator().oobCodes();
  const link = codes.find((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
  if (!link) throw new Error(`no verification email for ${email}`);
  const inbox = await page.context().newPage();
  await inbox.goto(link.oobLink);
  await inbox.close();

  await page.getByRole('link', { name: 'Continue to Bidwright' }).click();
  await waitForPath(page, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return email;
}

/** Browse Jobs -> Add jobs -> Paste a job -> Save job; the saved job's details open. */
export async function pasteJob(page: Page, title: string, text: string) {
  const main = page.getByRole('main');
  await page.getByRole('link', { name: 'Browse Jobs' }).first().click();
  await page.getByRole('heading', { name: 'Browse Jobs', level: 1 }).waitFor();
  await main.getByRole('button', { name: 'Add jobs' }).click();
  const panel = main.getByRole('region', { name: 'Add jobs' });
  await panel.getByLabel('Job text').fill(`${title}\n${text}`);
  await panel.getByRole('button', { name: 'Save job' }).click();
  const details = main.getByRole('complementary', { name: 'Job details' });
  await details.getByRole('heading', { name: title, level: 2 }).waitFor();
  return details;
}

export type ProfileInput = { skills: string[]; hourlyRate: string; signature: string };

/** Fills the profile editor from the keyboard (skills with Enter) and saves it. */
export async function fillAndSaveProfile(page: Page, input: ProfileInput) {
  const form = page.getByRole('form', { name: 'Profile' });
  const skills = form.getByRole('combobox', { name: 'Skills' });
  for (const skill of input.skills) {
    await skills.fill(skill);
    await skills.press('Enter');
  }
  await form.getByLabel(/^Hourly rate/).fill(input.hourlyRate);
  await form.getByLabel('Signature').fill(input.signature);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  return form;
}
