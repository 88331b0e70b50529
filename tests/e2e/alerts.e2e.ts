/**
 * Saved-search alerts reach the bell without a reload: a connected freelancer saves a search and
 * turns its alert on, the local Upwork sandbox publishes a matching job, and the bell's own count
 * rises. The alert is stored, so it is still there after signing out and in; the Messages link
 * never shows it. A search with a webhook also posts its alerts there (a local receiver stands in
 * for Slack).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';
import { E2E_PORTS } from '../support/test-ports.ts';

import { seriousViolations } from './axe.ts';
import { emulator, signIn, useBrowser, waitForPath } from './helpers.ts';

/** The poller runs every few seconds in the e2e stack; a minute bounds every wait. */
const ALERT_WAIT_MS = 60_000;

/** The bell's unread count as its accessible name says it (0 when it names none). */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await bell.waitFor();
  const name = (await bell.getAttribute('aria-label')) ?? '';
  const match = /\((\d+)\+? unread\)/.exec(name);
  return match ? Number(match[1]) : 0;
}

async function ensureUpworkConnected(page: Page) {
  await page.goto('/settings/account');
  const upwork = page.getByRole('region', { name: 'Upwork connection' });
  const status = upwork.getByText(/^(Connected as |Not connected$)/).first();
  await status.waitFor({ timeout: 30_000 });
  if ((await status.textContent())?.startsWith('Not connected')) {
    await upwork.getByRole('button', { name: 'Connect Upwork' }).click();
    await upwork.getByText(/^Connected as /).waitFor({ timeout: 30_000 });
  }
}

async function publishSandboxJob(title: string, description: string) {
  const response = await fetch(`http://127.0.0.1:${E2E_PORTS.upworkSandbox}/sandbox/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title, description }),
  });
  expect(response.status).toBe(201);
}

/** A local stand-in for a Slack incoming webhook: records each posted `text`. */
async function startWebhookReceiver() {
  const texts: string[] = [];
  const waiters: Array<{ match: (text: string) => boolean; resolve: (text: string) => void }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const text = String((JSON.parse(body || '{}') as { text?: unknown }).text ?? '');
      texts.push(text);
      for (const waiter of waiters.filter((candidate) => candidate.match(text))) {
        waiter.resolve(text);
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T0/B0/e2e-secret`,
    texts,
    /** The first posted text that matches, within the alert bound. */
    next: (match: (text: string) => boolean) =>
      new Promise<string>((resolve, reject) => {
        const found = texts.find(match);
        if (found) return resolve(found);
        const timer = setTimeout(
          () => reject(new Error(`No webhook post matched; got ${JSON.stringify(texts)}`)),
          ALERT_WAIT_MS,
        );
        waiters.push({
          match,
          resolve: (text) => {
            clearTimeout(timer);
            resolve(text);
          },
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Other specs expect the demo freelancer without an Upwork connection: leave it as found. */
async function disconnectUpwork(): Promise<void> {
  const account = await emulator().signIn(DEMO_FREELANCER.email, DEMO_FREELANCER.password);
  const answer = await fetch(`${inject('e2eApiUrl')}/api/upwork/connection`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  expect(answer.status).toBeLessThan(300);
}

describe('job alerts', () => {
  afterAll(disconnectUpwork);

  const browser = useBrowser();

  it('a new matching job reaches the bell without a reload and survives signing out and in', async () => {
    const { page } = await browser.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, DEMO_FREELANCER);
    await ensureUpworkConnected(page);

    // A search for a word no job has yet, saved with its alert on.
    const word = `quokka${Date.now().toString(36)}`;
    const searchName = `Alerts ${word}`;
    await page.goto(`/upwork-jobs?q=${word}`);
    const main = page.getByRole('main');
    await page.getByRole('heading', { name: 'Browse Jobs', level: 1 }).waitFor();
    const savedSearches = main.getByRole('region', { name: 'Saved searches' });
    await savedSearches.getByRole('button', { name: 'Save search' }).click();
    const saveForm = savedSearches.getByRole('form', { name: 'Save search' });
    await saveForm.getByRole('textbox', { name: 'Name' }).fill(searchName);
    await saveForm.getByRole('checkbox', { name: 'Alert me about new matches' }).check();
    await saveForm.getByRole('button', { name: 'Save', exact: true }).click();
    await savedSearches.getByRole('button', { name: searchName, exact: true }).waitFor();
    await savedSearches
      .getByRole('button', { name: `Turn off alerts for ${searchName}`, pressed: true })
      .waitFor();

    const before = await bellCount(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // Upwork (the sandbox) publishes a matching job; the bell counts it without a reload.
    await publishSandboxJob(
      `Build a ${word} integration`,
      `We need a developer to build our ${word} integration this month.`,
    );
    const bell = page
      .getByRole('banner')
      .getByRole('button', { name: `Notifications (${before + 1} unread)` });
    await bell.waitFor({ timeout: ALERT_WAIT_MS });

    // Alerts are not messages: the Messages badge counts unread client messages only (the
    // sandbox's inbox), never the alert.
    const messages = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: /^Messages/,
    });
    const account = await emulator().signIn(DEMO_FREELANCER.email, DEMO_FREELANCER.password);
    const unreadMessages = async () => {
      const answer = await fetch(`${inject('e2eApiUrl')}/api/messages/unread-count`, {
        headers: { authorization: `Bearer ${account.idToken}` },
      });
      return ((await answer.json()) as { count: number }).count;
    };
    await expect
      .poll(async () => {
        const count = await unreadMessages();
        return (
          (await messages.textContent()) === (count > 0 ? `Messages${count} unread` : 'Messages')
        );
      })
      .toBe(true);

    // Stored: after signing out and in, the count and the alert are still there.
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await signIn(page, DEMO_FREELANCER);
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const alertLink = panel.getByRole('link', { name: new RegExp(`new job for “${searchName}”`) });
    await alertLink.waitFor();
    expect(await alertLink.textContent()).toContain(`Build a ${word} integration`);

    // The panel passes axe in both themes.
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await bell.click();
    await alertLink.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Opening the alert shows the saved search's jobs and marks the alert read.
    await alertLink.click();
    await page.waitForURL(
      (url) => url.pathname === '/upwork-jobs' && url.searchParams.has('saved'),
    );
    await page
      .getByRole('banner')
      .getByRole('button', {
        name: before === 0 ? 'Notifications' : `Notifications (${before} unread)`,
        exact: true,
      })
      .waitFor();
    await main.getByRole('list', { name: 'Jobs', exact: true }).getByText(word).first().waitFor({
      timeout: 30_000,
    });
  });

  it('a saved search with a webhook posts its test message and its alerts there', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { page } = await browser.open({ viewport: { width: 1280, height: 900 } });
      await signIn(page, DEMO_FREELANCER);
      await ensureUpworkConnected(page);

      const word = `wombat${Date.now().toString(36)}`;
      const searchName = `Hook ${word}`;
      await page.goto(`/upwork-jobs?q=${word}`);
      await page.getByRole('heading', { name: 'Browse Jobs', level: 1 }).waitFor();
      const savedSearches = page.getByRole('main').getByRole('region', { name: 'Saved searches' });
      await savedSearches.getByRole('button', { name: 'Save search' }).click();
      const saveForm = savedSearches.getByRole('form', { name: 'Save search' });
      await saveForm.getByRole('textbox', { name: 'Name' }).fill(searchName);
      await saveForm.getByRole('checkbox', { name: 'Alert me about new matches' }).check();
      await saveForm
        .getByRole('textbox', { name: /Webhook URL \(Slack or Telegram\)/ })
        .fill(receiver.url);
      await saveForm.getByRole('button', { name: 'Save', exact: true }).click();
      await savedSearches.getByRole('button', { name: searchName, exact: true }).waitFor();

      // The edit form shows the webhook by its host only, and sends a test message.
      await savedSearches.getByRole('button', { name: `Rename ${searchName}` }).click();
      const editForm = savedSearches.getByRole('form', { name: 'Edit saved search' });
      const host = new URL(receiver.url).host;
      await editForm.getByText(`${host}/…`).waitFor();
      expect(await editForm.textContent()).not.toContain('e2e-secret');
      await editForm.getByRole('button', { name: 'Send test message' }).click();
      await editForm
        .getByRole('status')
        .getByText(/^Test message sent/)
        .waitFor();
      expect(await receiver.next((text) => text.startsWith(`${searchName}: test message`))).toBe(
        `${searchName}: test message from Bidwright. Alerts for this search will arrive here.`,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      await page.reload();
      await savedSearches.getByRole('button', { name: `Rename ${searchName}` }).click();
      await editForm.getByRole('button', { name: 'Send test message' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await editForm.getByRole('button', { name: 'Cancel' }).click();

      // A matching job on Upwork (the sandbox) is posted as "<search>: <job title> <link>".
      const title = `Build a ${word} importer`;
      await publishSandboxJob(title, `We need a developer for our ${word} importer.`);
      const posted = await receiver.next((text) => text.includes(title));
      expect(posted).toMatch(new RegExp(`^${searchName}: ${title} https?://\\S+$`));
    } finally {
      await receiver.close();
    }
  });
});
