/**
 * Browse Jobs as a new freelancer meets it: on a phone (details as a full-screen sheet, filters
 * behind a button, a full-width search box), hidden jobs found again and unhidden, Escape
 * closing what is open, a tap anywhere on a card opening it, country codes in the country
 * filter, a refused filter value in plain words, and a disconnect that keeps only the Upwork jobs
 * the user acted on. axe in both themes on each changed screen.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import type { Job } from '#contract/jobs';

import { uniqueEmail } from '../support/auth-emulator-client.ts';
import { DEMO_ADMIN } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { emulator, signIn, useBrowser } from './helpers.ts';

type Freelancer = { email: string; password: string; idToken: string };

const api = (path: string) => `${inject('e2eApiUrl')}${path}`;

/** A new account with Browse Jobs turned on by the administrator, as after a first sign-in. */
async function newFreelancer(): Promise<Freelancer> {
  const email = uniqueEmail('jobs');
  const account = await emulator().createAccount(email, 'jobs-password-1', 'Jo Jobs');
  const answer = await fetch(api(`/api/users?email=${encodeURIComponent(email)}`), {
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  const { id } = (await answer.json()) as { id: string };
  const admin = await emulator().signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const granted = await fetch(api(`/api/admin/users/${id}`), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ modules: ['upwork', 'response'] }),
  });
  expect(granted.status).toBe(200);
  return { email, password: account.password, idToken: account.idToken };
}

/** A job pasted by hand (through the API, as the Add jobs panel does), from a client in `country`. */
async function pasteJob(who: Freelancer, title: string, country: string): Promise<Job> {
  const text = [
    title,
    '',
    'We need a React developer to build charts and tables for our SaaS dashboard.',
    'Hourly: $40-$60',
    'Skills: React, TypeScript, Node.js',
    country,
    'Payment verified',
  ].join('\n');
  const answer = await fetch(api('/api/jobs/manual'), {
    method: 'POST',
    headers: { authorization: `Bearer ${who.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return (await answer.json()) as Job;
}

async function openJobs(page: Page) {
  await page.goto('/upwork-jobs');
  await page.getByRole('heading', { name: 'Browse Jobs', level: 1 }).waitFor();
}

/** The serious axe findings in the dark theme (the default), then in the light one. */
async function violationsInBothThemes(page: Page, ready: () => Promise<void>) {
  const dark = await seriousViolations(page);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await ready();
  const light = await seriousViolations(page);
  await page.evaluate(() => localStorage.removeItem('theme'));
  return { dark, light };
}

/** Clicks the middle of an element by its position, as a finger or mouse would. */
async function clickAt(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('Browse Jobs, the first hour', () => {
  const browser = useBrowser();

  it('on a phone: details open as a full-screen sheet, Back and Escape return to the same place', async () => {
    const jo = await newFreelancer();
    const stamp = Date.now().toString(36);
    for (let i = 0; i < 12; i += 1) await pasteJob(jo, `Phone job ${i} ${stamp}`, 'United States');
    const { page } = await browser.open({ viewport: { width: 390, height: 800 } });
    await signIn(page, jo);
    await openJobs(page);
    const main = page.getByRole('main');

    // The search box takes the width of the screen.
    const box = main.getByRole('searchbox', { name: 'Search jobs' });
    expect((await box.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(300);

    // The filters wait behind a button that says how many are set.
    const filters = main.getByRole('button', { name: /^Filters/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await main.getByRole('combobox', { name: 'Job type' }).isVisible()).toBe(false);
    await filters.click();
    await main.getByRole('combobox', { name: 'Job type' }).selectOption('hourly');
    await page.waitForURL((url) => url.searchParams.get('jobType') === 'hourly');
    await main.getByRole('button', { name: 'Filters (1 set)' }).click();
    expect(await main.getByRole('combobox', { name: 'Job type' }).isVisible()).toBe(false);

    // Tap a job's skills (not its title): the sheet covers the screen, with focus inside.
    const list = main.getByTestId('job-list');
    const cards = main.getByRole('list', { name: 'Jobs', exact: true }).getByRole('article');
    await cards.first().waitFor();
    await list.scrollIntoViewIfNeeded();
    const card = cards.nth(2);
    const title = (await card.getAttribute('aria-label')) ?? '';
    await clickAt(page, card.getByRole('list', { name: 'Skills' }));
    const sheet = page.getByRole('dialog', { name: 'Job details' });
    const heading = sheet.getByRole('heading', { name: title, level: 2 });
    await heading.waitFor();
    const headingBox = await heading.boundingBox();
    expect(headingBox?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((headingBox?.y ?? 900) + (headingBox?.height ?? 0)).toBeLessThanOrEqual(800);
    expect((await sheet.boundingBox())?.width).toBe(390);
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const { dark, light } = await violationsInBothThemes(page, () => heading.waitFor());
    expect(dark).toEqual([]);
    expect(light).toEqual([]);
    await sheet.getByRole('button', { name: 'Back' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('job')).toBe(false);

    // Back and Escape return to the list where it was scrolled.
    await list.scrollIntoViewIfNeeded();
    await list.evaluate((element) => element.scrollTo({ top: 200 }));
    await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBe(200);
    const pageTop = await page.evaluate(() => window.scrollY);
    const place = async () => ({
      list: await list.evaluate((element) => element.scrollTop),
      page: await page.evaluate(() => window.scrollY),
    });
    for (const leave of ['Back', 'Escape'] as const) {
      await clickAt(page, cards.nth(2).getByRole('list', { name: 'Skills' }));
      await sheet.getByRole('heading', { name: /^Phone job/, level: 2 }).waitFor();
      if (leave === 'Back') await sheet.getByRole('button', { name: 'Back' }).click();
      else await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      expect(await place(), leave).toEqual({ list: 200, page: pageTop });
    }
  });

  it('finds hidden jobs again with the Hidden filter, and unhides them', async () => {
    const jo = await newFreelancer();
    const stamp = Date.now().toString(36);
    const kept = await pasteJob(jo, `Visible job ${stamp}`, 'Canada');
    const hidden = await pasteJob(jo, `Job to hide ${stamp}`, 'Canada');
    const { page } = await browser.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, jo);
    await openJobs(page);
    const main = page.getByRole('main');
    const cards = main.getByRole('list', { name: 'Jobs', exact: true }).getByRole('article');

    // Hide a job from its details: it leaves the list.
    await main.getByRole('button', { name: hidden.title, exact: true }).click();
    const details = main.getByRole('complementary', { name: 'Job details' });
    await details.getByRole('button', { name: 'Hide' }).click();
    await details.getByRole('button', { name: 'Unhide' }).waitFor();
    await details.getByRole('button', { name: 'Close job details' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('aria-label')).toBe(kept.title);

    // The Hidden filter shows it, with Unhide on its card.
    // The box follows the address bar, which changes a moment after the click.
    const onlyHidden = main.getByRole('checkbox', { name: 'Only hidden jobs' });
    await onlyHidden.click();
    await page.waitForURL((url) => url.searchParams.get('hidden') === 'true');
    const hiddenCard = cards.filter({ hasText: hidden.title });
    await hiddenCard.waitFor();
    expect(await cards.count()).toBe(1);
    const { dark, light } = await violationsInBothThemes(page, () => hiddenCard.waitFor());
    expect(dark).toEqual([]);
    expect(light).toEqual([]);
    await hiddenCard.getByRole('button', { name: `Unhide ${hidden.title}` }).click();
    await main.getByRole('region', { name: 'No matches' }).waitFor();

    // Back among the others.
    await onlyHidden.click();
    await page.waitForURL((url) => !url.searchParams.has('hidden'));
    await expect.poll(() => cards.count()).toBe(2);
  });

  it('Escape closes what is open; a card opens from anywhere; countries by code; plain-word errors', async () => {
    const jo = await newFreelancer();
    const stamp = Date.now().toString(36);
    const american = await pasteJob(jo, `American job ${stamp}`, 'United States');
    const german = await pasteJob(jo, `German job ${stamp}`, 'Germany');
    await pasteJob(jo, `Canadian job ${stamp}`, 'Canada');
    const { page } = await browser.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, jo);
    await openJobs(page);
    const main = page.getByRole('main');
    const cards = main.getByRole('list', { name: 'Jobs', exact: true }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(3);

    // A click on the card's budget line (not its title) opens the job; Escape closes it.
    const card = cards.filter({ hasText: german.title });
    await clickAt(page, card.getByText('$40–$60/h'));
    const details = main.getByRole('complementary', { name: 'Job details' });
    await details.getByRole('heading', { name: german.title, level: 2 }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('job')).toBe(false);

    // Escape closes the Add jobs panel; what was typed in it is still there when it opens again.
    await main.getByRole('button', { name: 'Add jobs' }).click();
    const panel = main.getByRole('region', { name: 'Add jobs' });
    const pasted = panel.getByRole('textbox').last();
    await pasted.fill('Half-pasted job text that should survive');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await main.getByRole('button', { name: 'Add jobs' }).click();
    expect(await pasted.inputValue()).toBe('Half-pasted job text that should survive');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // A filter in view is not counted by "More filters"; a country code works.
    await main.getByRole('combobox', { name: 'Job type' }).selectOption('hourly');
    await page.waitForURL((url) => url.searchParams.get('jobType') === 'hourly');
    const more = main.getByText(/^More filters/);
    await expect.poll(() => more.textContent()).toBe('More filters');
    await more.click();
    const countries = main.getByRole('textbox', { name: /Client countries/ });
    await countries.fill('US, de');
    await countries.press('Tab');
    await page.waitForURL((url) => url.searchParams.get('countries') === 'US,de');
    // The URL changes first; the button's count follows on the next render.
    await expect.poll(() => more.textContent()).toBe('More filters (1 set)');
    await expect.poll(() => cards.count()).toBe(2);
    const titles = await cards.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label')),
    );
    expect(titles.sort()).toEqual([american.title, german.title].sort());

    // A budget beyond what the API takes is named in words, with a way out.
    const budget = main.getByRole('spinbutton', { name: 'Budget from ($)' });
    await budget.fill('99999999999');
    await budget.press('Tab');
    const alert = main.getByRole('alert').filter({ hasText: 'Minimum budget' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Minimum budget is too large\./);
    expect(await alert.textContent()).not.toMatch(/querystring|Check your input/);
    await alert.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => cards.count()).toBe(3);
  });

  it('disconnecting Upwork keeps the jobs acted on and removes the rest, after saying how many', async () => {
    const jo = await newFreelancer();
    const stamp = Date.now().toString(36);
    const own = await pasteJob(jo, `Pasted job ${stamp}`, 'Canada');
    const { page } = await browser.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, jo);

    await page.goto('/settings/account');
    const upwork = page.getByRole('region', { name: 'Upwork connection' });
    await upwork.getByRole('button', { name: 'Connect Upwork' }).click();
    await upwork.getByText(/^Connected as /).waitFor({ timeout: 30_000 });

    // The feed fills from the sandbox; apply to one Upwork job.
    await openJobs(page);
    const main = page.getByRole('main');
    const cards = main.getByRole('list', { name: 'Jobs', exact: true }).getByRole('article');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const applied = cards.filter({ hasNotText: own.title }).first();
    const appliedTitle = (await applied.getAttribute('aria-label')) ?? '';
    await applied.getByRole('button', { name: appliedTitle, exact: true }).click();
    const details = main.getByRole('complementary', { name: 'Job details' });
    await details.getByRole('button', { name: 'Mark applied' }).click();
    await details.getByRole('button', { name: 'Applied' }).waitFor();

    // The confirmation says what goes and what stays.
    await page.goto('/settings/account');
    await upwork.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = upwork.getByRole('alertdialog', { name: 'Disconnect Upwork' });
    const counts = confirm.getByText(/you never acted on will be removed/);
    await counts.waitFor();
    const said = (await counts.textContent()) ?? '';
    const removed = Number(/(\d+) Upwork jobs? you never acted on/.exec(said)?.[1] ?? -1);
    expect(removed).toBeGreaterThan(0);
    expect(said).toMatch(/1 Upwork job you applied to or wrote a response for will stay/);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await upwork.getByText('Not connected', { exact: true }).waitFor();

    // What it said is what happened: the applied Upwork job and the pasted one remain.
    await openJobs(page);
    await expect.poll(() => cards.count()).toBe(2);
    const titles = await cards.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label')),
    );
    expect(titles.sort()).toEqual([appliedTitle, own.title].sort());
  });
});
