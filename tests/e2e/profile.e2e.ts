/**
 * The profile editor (/settings/profile): reached from the Settings tabs and from a job's hint,
 * skills added from the keyboard with suggestions from the user's own jobs, errors only after a
 * submit, saved values kept across a reload, no serious axe findings in either theme. And the
 * module-off screen names the administrator to ask.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { uniqueEmail } from '../support/auth-emulator-client.ts';
import { DEMO_VIEWER } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { emulator, signIn, useBrowser, visibleText, waitForPath } from './helpers.ts';
import { pasteJob } from './profile-steps.ts';

async function expectNoSeriousViolationsInBothThemes(page: Page, ready: () => Promise<void>) {
  await ready();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate("localStorage.setItem('theme', 'light')");
  await page.reload();
  await ready();
  expect(await page.evaluate("document.documentElement.classList.contains('dark')")).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('profile editor', () => {
  const browser = useBrowser();

  it('is reached from a job’s hint and from Settings, takes skills from the keyboard, and keeps what was saved', async () => {
    const { page } = await browser.open();
    const email = uniqueEmail('profile');
    const password = 'profile-password-1';
    await emulator().createAccount(email, password, 'Robin Profile');
    await signIn(page, { email, password });

    const title = `Elixir API ${Date.now().toString(36)}`;
    const details = await pasteJob(
      page,
      title,
      'Build a Phoenix API for our mobile app.\n$40.00 - $70.00\nHourly\nSkills: Elixir, Phoenix, PostgreSQL',
    );
    await details.getByRole('link', { name: /^Set your hourly rate/ }).click();
    await waitForPath(page, '/settings/profile');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Profile' })
      .waitFor();

    const form = page.getByRole('form', { name: 'Profile' });
    const skills = form.getByRole('combobox', { name: 'Skills' });
    await skills.click();
    await page.keyboard.type('phoe');
    const suggestions = form.getByRole('listbox', { name: 'Skills from your jobs' });
    expect(await visibleText(suggestions.getByRole('option'))).toBe('Phoenix');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Elixir,Ecto');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Backspace');
    const chosen = form.getByRole('list', { name: 'Your skills' }).getByRole('listitem');
    expect(await chosen.allTextContents()).toEqual(['Phoenix', 'Elixir']);

    // Nothing is flagged while typing; the submit checks, and the message sits by its field.
    await form.getByLabel(/^Hourly rate/).fill('60');
    await form.getByLabel(/^Rate floor/).fill('80');
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByRole('button', { name: 'Save profile' }).click();
    expect(await visibleText(form.getByRole('alert'))).toMatch(/at or below your hourly rate/);
    await form.getByLabel(/^Rate floor/).fill('45');
    await form.getByLabel('Signature').fill('Robin, Elixir since 2016');
    await form.getByLabel('Time zone', { exact: true }).selectOption('Europe/Berlin');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await form.getByText('1 job re-scored.').waitFor();

    await page.reload();
    await form.getByRole('combobox', { name: 'Skills' }).waitFor();
    expect(await chosen.allTextContents()).toEqual(['Phoenix', 'Elixir']);
    expect(await form.getByLabel(/^Hourly rate/).inputValue()).toBe('60');
    expect(await form.getByLabel(/^Rate floor/).inputValue()).toBe('45');
    expect(await form.getByLabel('Time zone', { exact: true }).inputValue()).toBe('Europe/Berlin');

    // The Settings tabs lead back to it.
    await page.goto('/settings/account');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await waitForPath(page, '/settings/profile');
    await expectNoSeriousViolationsInBothThemes(page, () =>
      form.getByRole('combobox', { name: 'Skills' }).waitFor(),
    );
  });

  it('fills the form from the connected Upwork sandbox profile, for the user to review and save', async () => {
    const { page } = await browser.open();
    const email = uniqueEmail('profile-upwork');
    const password = 'profile-password-1';
    await emulator().createAccount(email, password, 'Dana Local');
    await signIn(page, { email, password });

    await page.goto('/settings/account');
    const upwork = page.getByRole('region', { name: 'Upwork connection' });
    await upwork.getByRole('button', { name: 'Connect Upwork' }).click();
    await upwork.getByText(/^Connected as /).waitFor({ timeout: 30_000 });

    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Profile' })
      .click();
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByRole('button', { name: 'Fill from Upwork' }).click();
    await form.getByText('Filled from Upwork: review the fields, then save.').waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('Full-stack TypeScript developer');
    expect(await form.getByLabel(/^Hourly rate/).inputValue()).toBe('75');
    const chosen = form.getByRole('list', { name: 'Your skills' }).getByRole('listitem');
    expect(await chosen.allTextContents()).toEqual([
      'React',
      'TypeScript',
      'Node.js',
      'PostgreSQL',
    ]);

    // Leaving with unsaved edits asks first; nothing is kept until the user saves.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.reload();
    expect(await asked).toBe('beforeunload');
    await form.getByRole('button', { name: 'Fill from Upwork' }).waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Fill from Upwork' }).click();
    await form.getByText('Filled from Upwork: review the fields, then save.').waitFor();
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.reload();
    await form.getByRole('button', { name: 'Fill from Upwork' }).waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('Full-stack TypeScript developer');
  });

  it('tells a member without a module which administrator to ask', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_VIEWER);
    await page.goto('/responses');
    const contact = page.getByText(/^Your administrators?:/);
    expect(await visibleText(contact)).toContain('admin@example.com');
    expect(await contact.getByRole('link').first().getAttribute('href')).toMatch(/^mailto:/);
    await expectNoSeriousViolationsInBothThemes(page, () => contact.waitFor());
  });
});
