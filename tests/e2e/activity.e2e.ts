/**
 * The activity timeline as a freelancer uses it: today's entries under 'Today', search, the action
 * filter and the day range, more entries loading as the list scrolls, a CSV download of what the
 * filters select, an entry's link to the job it is about; axe in both themes and a 390 px layout.
 */
import { readFile } from 'node:fs/promises';

import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { emulator, signIn, useBrowser } from './helpers.ts';

/** One page of the timeline holds 50 entries; the seeded run needs a second page. */
const SEEDED = 60;

async function freelancerToken(): Promise<string> {
  const account = await emulator().signIn(DEMO_FREELANCER.email, DEMO_FREELANCER.password);
  return account.idToken;
}

async function api(token: string, path: string, body: object): Promise<Response> {
  return fetch(`${inject('e2eApiUrl')}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Earlier searches of this user, as the search box would have logged them. */
async function seedSearches(token: string, stamp: string) {
  for (let index = 0; index < SEEDED; index += 1) {
    const answer = await api(token, '/api/activities/log', {
      action: 'search_jobs',
      searchName: `trail-${stamp} ${String(index).padStart(2, '0')}`,
    });
    expect(answer.status).toBe(201);
  }
}

/** The local calendar day of the browser, as a date input takes it. */
async function browserToday(page: Page, offsetDays = 0): Promise<string> {
  return page.evaluate(`(() => {
    const d = new Date();
    d.setDate(d.getDate() + ${offsetDays});
    return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
  })()`);
}

async function searchActivity(page: Page, words: string) {
  const filters = page.getByRole('search', { name: 'Filter activity' });
  await filters.getByRole('searchbox', { name: 'Search activity' }).fill(words);
  await filters.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === words);
}

describe('activity timeline', () => {
  const browser = useBrowser();

  it('lists today’s entries, searches, pages on scroll, filters, exports CSV and links to the job', async () => {
    const stamp = Date.now().toString(36);
    const token = await freelancerToken();
    await seedSearches(token, stamp);
    const jobTitle = `Wombat ${stamp} booking widget`;
    const job = await api(token, '/api/jobs/manual', {
      text: `${jobTitle}\nWe need a booking widget for our wombat sanctuary website, built in React.`,
    });
    expect(job.status).toBe(201);
    const jobId = ((await job.json()) as { id: string }).id;

    const { page } = await browser.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, DEMO_FREELANCER);
    // The freelancer opens the job: the server logs view_job with its title.
    await page.goto(`/upwork-jobs?job=${jobId}`);
    await page
      .getByRole('complementary', { name: 'Job details' })
      .getByRole('heading', { name: jobTitle })
      .waitFor();

    await page.goto('/activity');
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    const today = page.getByRole('region', { name: 'Today' });
    await today.getByText('Viewed a job').first().waitFor();

    // Search: the first page holds 50 entries; scrolling to the end loads the rest on its own.
    await searchActivity(page, `trail-${stamp}`);
    const entries = page.getByRole('main').getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(50);
    // The button re-renders as the next page starts loading: scroll to it until every entry is in.
    await expect
      .poll(
        async () => {
          await page
            .getByRole('button', { name: /^(Load more|Loading more…)$/ })
            .scrollIntoViewIfNeeded({ timeout: 1_000 })
            .catch(() => undefined);
          return entries.count();
        },
        { timeout: 15_000 },
      )
      .toBe(SEEDED);
    await page.getByText('That is everything the filters select.').waitFor();
    expect(await entries.count()).toBe(SEEDED);
    const names = await entries.allTextContents();
    expect(new Set(names.map((text) => /trail-\S+ \d\d/.exec(text)?.[0])).size).toBe(SEEDED);

    // CSV: a real download of what the filters select.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = Papa.parse<Record<string, string>>(
      await readFile((await download.path()) ?? '', 'utf8'),
      {
        header: true,
        skipEmptyLines: true,
      },
    );
    expect(csv.data).toHaveLength(SEEDED);
    expect(csv.data.every((row) => row.action === 'search_jobs')).toBe(true);
    expect(csv.data.every((row) => row.searchName?.startsWith(`trail-${stamp}`))).toBe(true);

    // The action filter and the job's words: one entry, whose link opens the job.
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Viewed a job' });
    await searchActivity(page, `Wombat ${stamp}`);
    await page.waitForURL((url) => url.searchParams.get('action') === 'view_job');
    await expect.poll(() => entries.count()).toBe(1);

    // A day range that starts tomorrow selects nothing; today alone selects the entry again.
    await page.getByLabel('From', { exact: true }).fill(await browserToday(page, 1));
    await page.getByRole('heading', { name: 'No activity matches these filters' }).waitFor();
    await page.getByLabel('From', { exact: true }).fill(await browserToday(page));
    await page.getByLabel('To', { exact: true }).fill(await browserToday(page));
    await expect.poll(() => entries.count()).toBe(1);

    // axe, dark then light, on the filtered timeline.
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: `Open job: ${jobTitle}` }).click();
    await page.waitForURL(
      (url) => url.pathname === '/upwork-jobs' && url.searchParams.get('job') === jobId,
    );
    await page
      .getByRole('complementary', { name: 'Job details' })
      .getByRole('heading', { name: jobTitle })
      .waitFor();
  });

  it('fits a 390 px wide screen without scrolling sideways', async () => {
    const { page } = await browser.open({ viewport: { width: 390, height: 800 } });
    await signIn(page, DEMO_FREELANCER);
    await page.goto('/activity');
    await page.getByRole('region', { name: 'Today' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search activity' }).waitFor();
    const width = await page.evaluate('document.scrollingElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
