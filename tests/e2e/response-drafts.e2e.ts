/**
 * Generated drafts as a user meets them: generating again replaces the draft instead of piling
 * up rows, unsaved edits are not lost without a warning, the editor saves by itself, and its
 * checks follow the text (an over-long or empty draft cannot be marked sent).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { signIn, useBrowser, waitForPath } from './helpers.ts';

const EDITOR_LINK = 'a[href*="edit-response?id="]';

/** Pastes a job with a unique title on the generate screen; returns the title. */
async function pasteJob(page: Page, stamp: string): Promise<string> {
  const title = `Shopify theme speed-up ${stamp}`;
  await page.goto('/generate-response');
  await page.getByRole('heading', { name: 'Generate Response', level: 1 }).waitFor();
  await page.getByLabel('Paste a job').check();
  await page
    .getByLabel(/Job text/)
    .fill(
      `${title}\nOur Shopify store is slow; we need the theme made faster.\nSkills: Shopify, Liquid`,
    );
  return title;
}

/** Presses Generate and waits until a new draft is written and the run has ended. */
async function generate(page: Page): Promise<string> {
  const links = page.locator(EDITOR_LINK);
  const before = (await links.count()) > 0 ? await links.first().getAttribute('href') : null;
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const fresh = before ? `${EDITOR_LINK}:not([href="${before}"])` : EDITOR_LINK;
  await page.locator(fresh).first().waitFor();
  await page.getByRole('button', { name: 'Generate', exact: true }).waitFor();
  return (await links.first().getAttribute('href')) ?? '';
}

/** How many responses the list shows for a job title. */
async function responsesTitled(page: Page, stamp: string, title: string): Promise<number> {
  await page.goto(`/responses?q=${stamp}`);
  await page.getByRole('link', { name: title }).first().waitFor();
  return page.getByRole('link', { name: title }).count();
}

describe('generated drafts', () => {
  const browser = useBrowser();

  it('generating three times leaves one draft, not three', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    const stamp = Date.now().toString(36);
    const title = await pasteJob(page, stamp);
    const first = await generate(page);
    const second = await generate(page);
    const third = await generate(page);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await responsesTitled(page, stamp, title)).toBe(1);
  });

  it('warns before leaving with unsaved edits, on the generate screen and in the editor', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    const stamp = Date.now().toString(36);
    await pasteJob(page, stamp);
    await generate(page);
    const draft = page.getByLabel('Draft A');
    await draft.fill(`${await draft.inputValue()}\n\nP.S. My own line ${stamp}.`);

    await page.getByRole('link', { name: 'Responses', exact: true }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).pathname).toBe('/generate-response');
    expect(await draft.inputValue()).toContain(`My own line ${stamp}`);

    await page.getByRole('button', { name: /Save as draft/ }).click();
    await page.getByRole('button', { name: /Saved/ }).waitFor();
    await page.getByRole('link', { name: 'Open in editor' }).click();
    await waitForPath(page, '/edit-response');
    const editor = page.getByLabel('Response text');
    expect(await editor.inputValue()).toContain(`My own line ${stamp}`);
    // An empty text is never saved by itself, so this edit stays unsaved.
    await editor.fill('');
    await page.getByRole('link', { name: 'Responses', exact: true }).first().click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await waitForPath(page, '/responses');
  });

  it('saves edits by itself, and checks follow the text: 10,000 characters or none cannot be sent', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    const stamp = Date.now().toString(36);
    await pasteJob(page, stamp);
    await generate(page);
    await page.getByRole('link', { name: 'Open in editor' }).click();
    await waitForPath(page, '/edit-response');
    const editor = page.getByLabel('Response text');
    const autosave = page.getByTestId('autosave-state');

    await editor.fill(`${await editor.inputValue()}\n\nAutosaved line ${stamp}.`);
    await autosave.getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    await editor.waitFor();
    expect(await editor.inputValue()).toContain(`Autosaved line ${stamp}.`);

    const checks = page.getByRole('list', { name: 'Self-check' });
    const sent = page.getByRole('option', { name: 'Sent', exact: true });
    await editor.fill('x'.repeat(10_000));
    await checks.getByText(/10,000 characters: 5,000 over/).waitFor();
    expect(await sent.isDisabled()).toBe(true);
    await page.getByText(/Cannot be marked sent yet/).waitFor();
    await autosave.getByText('Saved', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Saved, so nothing holds the reload; the stored text is checked again as it loads.
    await page.evaluate("window.localStorage.setItem('theme', 'light')");
    await page.reload();
    await checks.getByText(/10,000 characters: 5,000 over/).waitFor();
    expect(await sent.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await editor.fill('');
    await checks.getByText(/The draft is empty/).waitFor();
    await autosave.getByText('Not saved: the response is empty.').waitFor();
    expect(await sent.isDisabled()).toBe(true);
  });
});
