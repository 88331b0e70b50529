/**
 * The small things a new user trips over in the first hour: the Responses list on a phone, the
 * portfolio form's first click, Portfolio in the sidebar, the skip link, the theme button's name,
 * the upload limit, deleting a template with the app's own dialog and Undo, and the sign-in
 * script preloaded on pages that never use it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { emulator, pathOf, signIn, useBrowser, waitForPath } from './helpers.ts';

const PHONE = { width: 390, height: 800 };

/** Serious or critical axe findings in the dark theme and then the light one (left light). */
async function violationsInBothThemes(page: Page): Promise<string[]> {
  const dark = await seriousViolations(page);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  const light = await seriousViolations(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  return [...dark, ...light];
}

/** A response saved through the API, as if generated earlier, with a long job title. */
async function savedResponse(title: string): Promise<void> {
  const account = await emulator().signIn(DEMO_FREELANCER.email, DEMO_FREELANCER.password);
  const answer = await fetch(`${inject('e2eApiUrl')}/api/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      job: { title },
      text: 'Hi, I have moved three dashboards like yours to React. Here is how I would start.',
    }),
  });
  expect(answer.status).toBe(201);
}

const pageWidth = async (page: Page): Promise<number> =>
  Number(await page.evaluate('document.documentElement.scrollWidth'));

/** Whether the keyboard focus is on the element the locator finds. */
const hasFocus = (locator: ReturnType<Page['locator']>): Promise<boolean> =>
  locator.evaluate((element) => element === element.ownerDocument.activeElement);

describe('first hour polish', () => {
  const browser = useBrowser();

  it('the Responses page fits a 390 px screen: the list scrolls inside its own box', async () => {
    const stamp = Date.now().toString(36);
    const title = `Migrate a reporting dashboard from Vue 2 to React 19 with charts ${stamp}`;
    await savedResponse(title);
    const { page } = await browser.open({ viewport: PHONE });
    await signIn(page, DEMO_FREELANCER);
    await page.goto('/responses');
    await page.getByRole('link', { name: title }).waitFor();

    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('link', { name: title }).scrollIntoViewIfNeeded();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await violationsInBothThemes(page)).toEqual([]);
  });

  it('portfolio form: no error on a field left empty, and the first click on Create item creates it', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    const title = `Checkout rebuild ${Date.now().toString(36)}`;
    await page.goto('/settings/portfolio');
    await page.getByRole('heading', { name: 'Portfolio settings', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New item' }).click();
    const form = page.getByRole('form', { name: 'New portfolio item' });
    await form.getByLabel('Title').fill(title);

    await form.getByRole('button', { name: 'Add a link' }).click();
    const address = form.getByLabel('Address of link 1');
    // Into the address and out again before typing it: nothing is wrong yet.
    await address.click();
    await form.getByLabel('Label of link 1').click();
    expect(await form.getByText('Enter an address starting with https://').count()).toBe(0);
    expect(await form.getByRole('alert').count()).toBe(0);

    await form.getByLabel('Label of link 1').fill('Live site');
    await address.click();
    await address.pressSequentially('https://shop.example.com');
    await form.getByRole('button', { name: 'Create item' }).click();

    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.getByRole('form', { name: 'New portfolio item' }).count()).toBe(0);
    expect(await violationsInBothThemes(page)).toEqual([]);
  });

  it('the portfolio form shows its errors when submitted, then clears each as it is fixed', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page.goto('/settings/portfolio');
    await page.getByRole('button', { name: 'New item' }).click();
    const form = page.getByRole('form', { name: 'New portfolio item' });
    await form.getByLabel('Description').fill('No title yet');
    expect(await form.getByText('Give the item a title').count()).toBe(0);

    await form.getByRole('button', { name: 'Create item' }).click();
    await form.getByText('Give the item a title').waitFor();
    await form.getByLabel('Title').fill('Now it has one');
    await expect.poll(() => form.getByText('Give the item a title').count()).toBe(0);
  });

  it('Portfolio sits after Browse Jobs in the sidebar, and the two portfolio pages link to each other', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const names = (await nav.getByRole('link').allTextContents()).map((name) => name.trim());
    expect(names.indexOf('Portfolio')).toBe(names.indexOf('Browse Jobs') + 1);

    await nav.getByRole('link', { name: 'Portfolio' }).click();
    await waitForPath(page, '/portfolio');
    await page.getByRole('heading', { name: 'Portfolio', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Manage portfolio' }).click();
    await waitForPath(page, '/settings/portfolio');
    await page.getByRole('heading', { name: 'Portfolio settings', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'View portfolio' }).click();
    await waitForPath(page, '/portfolio');
    expect(await violationsInBothThemes(page)).toEqual([]);
  });

  it('the first Tab reaches "Skip to content", and Enter moves past the menus', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page.goto('/portfolio');
    await page.getByRole('heading', { name: 'Portfolio', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await hasFocus(skip)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await hasFocus(page.locator('main#main'))).toBe(true);
    // The next stop is the screen's own first control, not the sidebar or the top bar.
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByRole('link', { name: 'Manage portfolio' }))).toBe(true);
    expect(pathOf(page)).toBe('/portfolio');
  });

  it('the theme button says which theme it switches to', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await page.evaluate("window.localStorage.getItem('theme')")).toBe('light');
    await page.goto('/no-such-page');
    await waitForPath(page, '/dashboard');
  });

  it('shows the upload size limit before a file is chosen', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    const title = `Upload limit ${Date.now().toString(36)}`;
    await page.goto('/settings/portfolio');
    await page.getByRole('button', { name: 'New item' }).click();
    const form = page.getByRole('form', { name: 'New portfolio item' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('button', { name: 'Create item' }).click();
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await row.getByText('Drop files here').waitFor();
    await row.getByText(/up to \d+(\.\d+)? (MB|KB) per file/i).waitFor();
  });

  it('deletes a template with the app’s own dialog (Escape cancels) and offers Undo', async () => {
    const { page } = await browser.open();
    let browserDialogs = 0;
    page.on('dialog', (dialog) => {
      browserDialogs += 1;
      void dialog.dismiss();
    });
    await signIn(page, DEMO_FREELANCER);
    const name = `Short intro ${Date.now().toString(36)}`;
    await page.goto('/templates');
    await page.getByRole('heading', { name: 'Response Templates', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Save template' }).click();
    const listed = page.getByRole('region', { name: 'Templates' }).getByRole('button', { name });
    await listed.waitFor();

    const editor = page.getByRole('region', { name: 'Template editor' });
    await editor.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete the template “${name}”?` });
    await confirm.waitFor();
    const darkViolations = await seriousViolations(page);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await listed.count()).toBe(1);

    // The same dialog in the light theme; Cancel keeps the template too.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await editor.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor();
    expect([...darkViolations, ...(await seriousViolations(page))]).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await listed.count()).toBe(1);

    await editor.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    await expect.poll(() => listed.count()).toBe(0);
    const toast = page.getByRole('status').filter({ hasText: `Deleted “${name}”.` });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await listed.waitFor();
    await page.reload();
    await listed.waitFor();

    await listed.click();
    await editor.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    // Dismissing the offer deletes it for good: gone after a reload too.
    const deleted = page.waitForResponse(
      (answer) =>
        answer.request().method() === 'DELETE' && answer.url().includes('/api/templates/'),
    );
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    expect((await deleted).ok()).toBe(true);
    await expect.poll(() => listed.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Response Templates', level: 1 }).waitFor();
    const templates = page.getByRole('region', { name: 'Templates' });
    await templates.getByText('Loading templates…').waitFor({ state: 'hidden' });
    expect(await listed.count()).toBe(0);
    expect(browserDialogs).toBe(0);
  });

  it('signed-in pages do not preload the sign-in script; /login still does', async () => {
    const { page } = await browser.open();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preloaded using link preload but not used/.test(message.text()))
        warnings.push(message.text());
    });
    await signIn(page, DEMO_FREELANCER);
    // The preload links of the page the server sends for a path, as the browser parses them.
    const preloads = async (path: string): Promise<string[]> =>
      (await page.evaluate(`(async () => {
        const html = await (await fetch(${JSON.stringify(path)})).text();
        const doc = new DOMParser().parseFromString(html, 'text/html');
        return [...doc.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href') || '');
      })()`)) as string[];
    expect((await preloads('/dashboard')).filter((href) => href.includes('login-page'))).toEqual(
      [],
    );
    expect((await preloads('/login')).some((href) => href.includes('login-page'))).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.goto('/leads');
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    expect(warnings).toEqual([]);
  });
});
