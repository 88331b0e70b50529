/** The route guards, the admin-only /users page and module gating. */
import { describe, expect, it } from 'vitest';

import {
  DEMO_ACCOUNTS,
  DEMO_ADMIN,
  DEMO_FREELANCER,
  DEMO_VIEWER,
} from '../support/demo-accounts.ts';

import { pathOf, signIn, useBrowser, visibleText, waitForPath } from './helpers.ts';

describe('redirects', () => {
  const browser = useBrowser();

  it('sends a signed-out visitor from /responses to /login', async () => {
    const { page } = await browser.open();
    await page.goto('/responses');
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });

  it('sends an unknown path to /dashboard', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page.goto('/no-such-page');
    await waitForPath(page, '/dashboard');
    expect(pathOf(page)).toBe('/dashboard');
  });
});

describe('roles and modules', () => {
  const browser = useBrowser();

  it("shows 'Access Denied' on /users to a member", async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page.goto('/users');
    expect(await visibleText(page.getByRole('heading', { name: 'Access Denied' }))).toBe(
      'Access Denied',
    );
    expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);
  });

  it('shows an admin the users table with name, email, role and modules', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    await page.goto('/users');

    const table = page.getByRole('table', { name: 'Users' });
    await table.waitFor();
    for (const column of ['Name', 'Email', 'Role', 'Modules']) {
      expect(await table.getByRole('columnheader', { name: column }).count()).toBe(1);
    }
    for (const account of DEMO_ACCOUNTS) {
      const row = table.getByRole('row').filter({ hasText: account.email });
      expect(await visibleText(row)).toContain(account.name);
      expect(await visibleText(row)).toContain(account.role);
    }
    expect(await page.getByText('Access Denied').count()).toBe(0);
  });

  it("tells viewer@ that Responses is 'not enabled for your account' and hides its link", async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_VIEWER);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Leads' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Responses' }).count()).toBe(0);

    await page.goto('/responses');
    expect(await visibleText(page.getByText(/not enabled for your account/))).toContain(
      'not enabled for your account',
    );
  });

  it('shows the Responses screen to a member with the response module', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Responses' })
      .click();
    await waitForPath(page, '/responses');
    await page.getByRole('heading', { name: 'Responses', level: 1 }).waitFor();
    expect(await page.getByText(/not enabled for your account/).count()).toBe(0);
  });
});
