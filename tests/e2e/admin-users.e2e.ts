/**
 * The Users screen as an administrator uses it: modules saved at once with Undo, disabling with a
 * confirmation (and the account then cannot sign in), inviting with a link to copy, a user's
 * activity, JSON and CSV downloads, deleting after typing the email; axe in both themes.
 */
import { readFile } from 'node:fs/promises';

import type { Locator, Page } from 'playwright-core';
import Papa from 'papaparse';
import { describe, expect, inject, it } from 'vitest';

import { uniqueEmail } from '../support/auth-emulator-client.ts';
import { DEMO_ADMIN } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { emulator, fillLogin, signIn, useBrowser } from './helpers.ts';

type Member = { id: string; email: string; password: string; name: string; idToken: string };

/** A new account with its backend row (made by its first API call), as after a first sign-in. */
async function newMember(name: string): Promise<Member> {
  const email = uniqueEmail('panel');
  await emulator().createAccount(email, 'panel-password-1', name);
  // A fresh sign-in, so the token carries the display name the account was given.
  const account = await emulator().signIn(email, 'panel-password-1');
  const answer = await fetch(
    `${inject('e2eApiUrl')}/api/users?email=${encodeURIComponent(email)}`,
    { headers: { authorization: `Bearer ${account.idToken}` } },
  );
  const row = (await answer.json()) as { id: string };
  return { id: row.id, email, password: account.password, name, idToken: account.idToken };
}

async function logAs(member: Member, action: string) {
  const answer = await fetch(`${inject('e2eApiUrl')}/api/activities/log`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action }),
  });
  expect(answer.status).toBe(201);
}

/** Opens /users as the admin and narrows the list to one email; returns that user's row. */
async function openUsersAt(page: Page, email: string): Promise<Locator> {
  await page.goto('/users');
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  await page.getByLabel('Search users').fill(email);
  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: email });
  await row.waitFor();
  return row;
}

describe('admin users panel', () => {
  const browser = useBrowser();

  it('saves a module at once, and Undo puts the modules back', async () => {
    const mia = await newMember('Mia Modules');
    const { page } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    const toast = page.getByRole('status').getByText(/^Modules of Mia Modules: /);
    // New accounts start with the server's default modules, whatever they are: flip one.
    let row = await openUsersAt(page, mia.email);
    const upworkBefore = await row.getByRole('checkbox', { name: 'upwork' }).isChecked();
    await row.getByRole('checkbox', { name: 'upwork' }).click();
    await toast.waitFor();

    row = await openUsersAt(page, mia.email);
    expect(await row.getByRole('checkbox', { name: 'upwork' }).isChecked()).toBe(!upworkBefore);
    const proposalBefore = await row.getByRole('checkbox', { name: 'proposal' }).isChecked();
    await row.getByRole('checkbox', { name: 'proposal' }).click();
    await toast.waitFor();
    expect(await row.getByRole('checkbox', { name: 'proposal' }).isChecked()).toBe(!proposalBefore);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page
      .getByRole('status')
      .getByText(/^Undone: Modules of Mia Modules: /)
      .waitFor();

    row = await openUsersAt(page, mia.email);
    expect(await row.getByRole('checkbox', { name: 'proposal' }).isChecked()).toBe(proposalBefore);
    expect(await row.getByRole('checkbox', { name: 'upwork' }).isChecked()).toBe(!upworkBefore);
  });

  it('disables an account only after confirming, and it can no longer sign in', async () => {
    const dan = await newMember('Dan Disabled');
    const { page } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    const row = await openUsersAt(page, dan.email);
    await row.getByRole('button', { name: `Disable ${dan.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Dan Disabled?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.textContent()).toContain('Active');

    await row.getByRole('button', { name: `Disable ${dan.email}` }).click();
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();

    const other = await browser.open();
    await fillLogin(other.page, dan.email, dan.password);
    await other.page
      .getByRole('alert')
      .getByText('This account has been disabled. Contact your administrator.')
      .waitFor();
    expect(new URL(other.page.url()).pathname).toBe('/login');
  });

  it('invites a user and copies the link that sets their password', async () => {
    const { page, context } = await browser.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, DEMO_ADMIN);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    const email = uniqueEmail('invited');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('checkbox', { name: 'response' }).check();
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();

    const ready = page.getByRole('dialog', { name: 'Invitation ready' });
    const link = ready.getByLabel(`Password link for ${email}`);
    await link.waitFor();
    await ready.getByRole('button', { name: 'Copy' }).click();
    await ready.getByText('Link copied.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await link.inputValue());
    expect(copied).toMatch(/mode=resetPassword.*oobCode=|oobCode=.*mode=resetPassword/);
    await ready.getByRole('button', { name: 'Done' }).click();

    const row = await openUsersAt(page, email);
    expect(await row.getByRole('checkbox', { name: 'response' }).isChecked()).toBe(true);
  });

  it('shows one user’s activity, filtered by action, and logs that the admin looked', async () => {
    const ana = await newMember('Ana Active');
    await logAs(ana, 'view_dashboard');
    const { page } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    const row = await openUsersAt(page, ana.email);
    await row.getByRole('button', { name: `Activity ${ana.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Activity of Ana Active' });
    const timeline = dialog.getByRole('list', { name: `Activity of ${ana.email}` });
    await timeline.getByText('view_dashboard').waitFor();
    await dialog.getByLabel('Action').selectOption('login');
    await timeline.getByText('No activity of this kind yet.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The admin's own timeline now shows that they opened the panel and looked at Ana's activity.
    const own = await openUsersAt(page, DEMO_ADMIN.email);
    await own.getByRole('button', { name: `Activity ${DEMO_ADMIN.email}` }).click();
    const mine = page.getByRole('list', { name: `Activity of ${DEMO_ADMIN.email}` });
    await mine.getByText('view_user_activity').first().waitFor();
    await mine.getByText('view_admin_panel').first().waitFor();
  });

  it('downloads a user’s data as JSON and as CSV', async () => {
    const jo = await newMember('Jo Export');
    await logAs(jo, 'view_dashboard');
    const { page } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    const row = await openUsersAt(page, jo.email);

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Export JSON ${jo.email}` }).click(),
    ]);
    expect(json.suggestedFilename()).toBe(`bidwright-user-${jo.email}.json`);
    const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as {
      user: { email: string };
      data: { activities: Array<{ action: string }> };
    };
    expect(exported.user.email).toBe(jo.email);
    expect(exported.data.activities.map((entry) => entry.action)).toContain('view_dashboard');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Export CSV ${jo.email}` }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`bidwright-user-${jo.email}.csv`);
    const lines = Papa.parse<Record<string, string>>(await readFile(await csv.path(), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(lines.meta.fields).toEqual(['table', 'recordId', 'field', 'value']);
    expect(lines.data).toContainEqual({
      table: 'users',
      recordId: jo.id,
      field: 'email',
      value: jo.email,
    });
    expect(lines.data).toContainEqual(
      expect.objectContaining({ table: 'activities', field: 'action', value: 'view_dashboard' }),
    );
  });

  it('deletes a user only after their email is typed', async () => {
    const del = await newMember('Del Gone');
    const { page } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    const row = await openUsersAt(page, del.email);
    await row.getByRole('button', { name: `Delete ${del.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Del Gone?' });
    const confirm = dialog.getByRole('button', { name: 'Delete user' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill('someone@else.test');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill(del.email);
    await confirm.click();
    await page.getByRole('status').getByText(`Deleted ${del.email} and all their data.`).waitFor();
    await page.getByRole('heading', { name: 'No users found' }).waitFor();

    const other = await browser.open();
    await fillLogin(other.page, del.email, del.password);
    await other.page.getByRole('alert').waitFor();
    expect(new URL(other.page.url()).pathname).toBe('/login');
  });

  it('has no serious accessibility problems in either theme, and fits 390 px', async () => {
    const { page } = await browser.open({ viewport: { width: 390, height: 800 } });
    await signIn(page, DEMO_ADMIN);
    for (const theme of ['dark', 'light']) {
      if (theme === 'light') await page.evaluate("window.localStorage.setItem('theme', 'light')");
      await page.goto('/users');
      await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
      expect(await seriousViolations(page), `${theme}: the list`).toEqual([]);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(390);

      await page.getByRole('button', { name: 'Invite user' }).click();
      await page.getByRole('dialog', { name: 'Invite a user' }).waitFor();
      expect(await seriousViolations(page), `${theme}: the invite dialog`).toEqual([]);
      await page.keyboard.press('Escape');

      const own = await openUsersAt(page, DEMO_ADMIN.email);
      await own.getByRole('button', { name: `Activity ${DEMO_ADMIN.email}` }).click();
      await page
        .getByRole('list', { name: `Activity of ${DEMO_ADMIN.email}` })
        .getByRole('listitem')
        .first()
        .waitFor();
      expect(await seriousViolations(page), `${theme}: the activity dialog`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});
