/**
 * The opportunity from a sent response to the money in the bank, on the demo's stack: the user
 * marks a response to an Upwork job sent, the sandbox's client replies, the Messages badge rises
 * without a reload, the lead exists with the job and response linked, the user answers with an AI
 * draft, moves the lead to Won by keyboard on the board, converts it with the Upwork contract, syncs
 * the transactions, and the income row names the response and job it came from.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';
import { E2E_PORTS } from '../support/test-ports.ts';

import { seriousViolations } from './axe.ts';
import { emulator, signIn, useBrowser, waitForPath } from './helpers.ts';

const SANDBOX = `http://127.0.0.1:${E2E_PORTS.upworkSandbox}`;

/** The sidebar's Messages badge as a number (0 when hidden). */
async function messagesBadge(page: Page): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: /^Messages/,
  });
  const badge = link.getByTestId('unread-badge');
  if ((await badge.count()) === 0) return 0;
  const text = ((await badge.textContent()) ?? '').replace(' unread', '').trim();
  return text === '99+' ? 100 : Number(text);
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

type SandboxRoom = { id: string; roomName: string; createdAt?: string };

/** Polls the sandbox until its client has opened a room for this job; answers when it did. */
async function waitForClientRoom(jobTitle: string): Promise<{ room: SandboxRoom; at: number }> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${SANDBOX}/sandbox/rooms`);
    const body = (await response.json()) as SandboxRoom[] | { items: SandboxRoom[] };
    const rooms = Array.isArray(body) ? body : body.items;
    const room = rooms.find((candidate) => candidate.roomName === jobTitle);
    if (room) return { room, at: Date.now() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The sandbox client never replied about "${jobTitle}"`);
}

/** Later specs expect the demo freelancer to start without Upwork, as on a fresh stack. */
async function disconnectUpwork() {
  const account = await emulator().signIn(DEMO_FREELANCER.email, DEMO_FREELANCER.password);
  const answer = await fetch(`${inject('e2eApiUrl')}/api/upwork/connection`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  expect(answer.status).toBeLessThan(300);
}

describe('from a sent response to the income it earned', () => {
  afterAll(disconnectUpwork);
  const browser = useBrowser();

  it('reply, badge, lead, AI reply, Won by keyboard, convert, sync, attributed income', async () => {
    const { page: p } = await browser.open({ viewport: { width: 1280, height: 900 } });
    await signIn(p, DEMO_FREELANCER);
    await ensureUpworkConnected(p);

    // The inbox is synced (the sandbox's older rooms are there) before anything is sent.
    await p.goto('/messages');
    await p.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await p.getByRole('list', { name: 'Conversations' }).getByTestId('room').first().waitFor({
      timeout: 30_000,
    });

    // A response to an Upwork job, written and marked sent.
    await p.goto('/upwork-jobs');
    const main = p.getByRole('main');
    const rows = main.getByRole('list', { name: 'Jobs', exact: true }).getByRole('article');
    await rows.first().waitFor({ timeout: 30_000 });
    const row = rows.nth(2);
    const jobTitle = (await row.getAttribute('aria-label')) ?? '';
    expect(jobTitle).not.toBe('');
    await row.getByRole('button', { name: jobTitle, exact: true }).click();
    await p.waitForURL((url: URL) => url.searchParams.has('job'));
    const jobId = new URL(p.url()).searchParams.get('job') ?? '';
    const details = main.getByRole('complementary', { name: 'Job details' });
    await details.getByRole('link', { name: 'Generate response' }).click();
    await waitForPath(p, '/generate-response');
    await p.getByRole('button', { name: 'Generate', exact: true }).click();
    await p.getByLabel('Draft A').waitFor({ timeout: 60_000 });
    await p.getByRole('link', { name: 'Open in editor' }).first().click();
    await waitForPath(p, '/edit-response');
    const responseId = new URL(p.url()).searchParams.get('id') ?? '';
    const editor = p.getByLabel('Response text');
    await editor.waitFor();
    await editor.fill(
      `Hi, I read your post about ${jobTitle}. I have shipped three similar projects with ` +
        'React and Node.js, and I can start this week. Which part matters most to you first?',
    );
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await p.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const badgeBefore = await messagesBadge(p);
    await p.getByLabel('Status', { exact: true }).selectOption('sent');
    await p.getByRole('status').filter({ hasText: 'Status: Sent.' }).waitFor();

    // The sandbox's client replies; the badge rises within 5 s of it, without a reload.
    const { at: repliedAt } = await waitForClientRoom(jobTitle);
    await expect
      .poll(() => messagesBadge(p), { timeout: 5_000, interval: 100 })
      .toBeGreaterThan(badgeBefore);
    expect(Date.now() - repliedAt).toBeLessThan(5_000);

    // The thread: the lead exists with the response linked; an AI draft answers the client.
    await p
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Messages/ })
      .click();
    await waitForPath(p, '/messages');
    const room = p.getByTestId('room').filter({ hasText: jobTitle });
    await room.click();
    const context = p.getByRole('region', { name: 'Conversation details' });
    const leadLink = context.getByRole('link', { name: /^Lead: / });
    await leadLink.waitFor({ timeout: 15_000 });
    expect(
      await context.locator(`a[href="/edit-response?id=${responseId}"]`).count(),
    ).toBeGreaterThan(0);
    expect(await seriousViolations(p)).toEqual([]);
    await p.getByRole('button', { name: 'Draft a reply with AI' }).click();
    const composer = p.getByLabel('Your reply');
    await expect
      .poll(async () => (await composer.inputValue()).length, { timeout: 30_000 })
      .toBeGreaterThan(40);
    await p
      .getByRole('status')
      .filter({ hasText: 'Writing a draft…' })
      .waitFor({ state: 'detached' });
    // A part the engine could not know is left as an [Add: …] marker for the user to write.
    const drafted = await composer.inputValue();
    const reply = drafted.split('[Add:')[0]?.trim() || drafted;
    if (reply !== drafted) await composer.fill(`${reply}\n\nBest, Dana`);
    await p.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => composer.inputValue()).toBe('');
    const sent = (await (await fetch(`${SANDBOX}/sandbox/sent-stories`)).json()) as unknown;
    expect(JSON.stringify(sent)).toContain(JSON.stringify(reply.slice(0, 30)).slice(1, -1));

    // The lead: job and response linked; Won by keyboard on the board.
    const leadName = ((await leadLink.textContent()) ?? '')
      .replace(/^Lead: /, '')
      .replace(/ \(.*\)$/, '');
    await leadLink.click();
    await waitForPath(p, '/leads');
    const panel = p.getByRole('dialog');
    await panel.locator(`a[href="/edit-response?id=${responseId}"]`).first().waitFor();
    expect(await panel.locator(`a[href*="job=${jobId}"]`).count()).toBeGreaterThan(0);
    await p.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    const moveButton = p.getByRole('button', { name: `Move ${leadName}`, exact: true }).first();
    await moveButton.focus();
    await p.keyboard.press('Enter');
    const toWon = p.getByRole('button', { name: 'To Won', exact: true });
    await toWon.waitFor();
    await toWon.focus();
    await p.keyboard.press('Enter');
    const won = p.getByRole('list', { name: 'Won leads' });
    await won.getByRole('button', { name: leadName, exact: true }).waitFor({ timeout: 10_000 });

    expect(await seriousViolations(p)).toEqual([]);

    // Convert with the Upwork contract the client started.
    await won.getByRole('button', { name: leadName, exact: true }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Convert', exact: true }).click();
    const convert = p.getByRole('dialog', { name: 'Convert to a client' });
    const contract = convert.getByLabel('Upwork contract');
    await expect
      .poll(async () => (await contract.locator('option').allTextContents()).join('\n'), {
        timeout: 15_000,
      })
      .toContain(jobTitle);
    const option = contract.locator('option', { hasText: jobTitle }).first();
    await contract.selectOption((await option.getAttribute('value')) ?? '');
    await convert.getByRole('button', { name: 'Convert', exact: true }).click();
    await p.getByText('Converted: the client and its contract are below.').waitFor();

    // Transactions: the sync brings the contract's payment, attributed to the response and job.
    await p.goto('/transactions');
    await p.waitForURL((url: URL) => url.searchParams.get('tab') === 'transactions');
    await p.getByRole('button', { name: 'Sync with Upwork' }).first().click();
    await p.getByText(/^Synced with Upwork:/).waitFor({ timeout: 30_000 });
    const income = p
      .locator('tr, li')
      .filter({ has: p.locator(`a[href="/edit-response?id=${responseId}"]`) })
      .first();
    await income.waitFor({ timeout: 15_000 });
    expect(await income.textContent()).toContain(jobTitle);
    expect(await income.locator(`a[href*="job=${jobId}"]`).count()).toBeGreaterThan(0);
    expect(await seriousViolations(p)).toEqual([]);

    // On a phone the ledger shows the same attribution, within the screen's width.
    await p.setViewportSize({ width: 390, height: 844 });
    const card = p
      .locator('li, tr')
      .filter({ has: p.locator(`a[href="/edit-response?id=${responseId}"]`) })
      .first();
    await card.waitFor();
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(390);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
