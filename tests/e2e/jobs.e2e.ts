/**
 * Issue 4 item 9: connect Upwork (the local sandbox the e2e stack starts, as `npm run demo` does),
 * search jobs, save the search, open a job in the detail panel and start a response for it, in
 * Chromium against the whole stack. The UI must say plainly that the data is a demo.
 */
import { describe, expect, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { signIn, useBrowser, visibleText, waitForPath } from './helpers.ts';

describe('jobs', () => {
  const browser = useBrowser();

  it('connects to the Upwork sandbox, searches, saves a search, opens a job and starts a response', async () => {
    const { page } = await browser.open({ viewport: { width: 1440, height: 1000 } });
    await signIn(page, DEMO_FREELANCER);
    const stamp = Date.now().toString(36);
    const main = page.getByRole('main');

    // Connect: the browser goes to the sandbox's authorize page, which sends it back with a code.
    await page.goto('/settings/account');
    const upwork = page.getByRole('region', { name: 'Upwork connection' });
    await upwork.waitFor();
    await upwork.getByRole('note').getByText(/Demo mode: .*local Upwork sandbox/).waitFor();
    const connect = upwork.getByRole('button', { name: /^Connect( again| Upwork)$/ });
    if (await connect.isVisible()) {
      await connect.click();
      await page.waitForURL((url) => url.pathname === '/settings/account' && url.search !== '');
    }
    await upwork.getByText(/^Connected as /).waitFor({ timeout: 30_000 });
    // The code and state are taken out of the address bar once the API has checked them.
    await page.waitForURL((url) => !url.searchParams.has('code'));
    expect(await upwork.getByRole('alert').count()).toBe(0);

    // The feed says where its jobs come from.
    await page.goto('/upwork-jobs');
    await page.getByRole('heading', { name: 'Browse Jobs', level: 1 }).waitFor();
    await main.getByRole('note').getByText(/^Demo data: .*local sandbox, not from Upwork/).waitFor();

    // Search: the words land in the URL and the list fills with matching sandbox jobs.
    const search = main.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search jobs' }).fill('React');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'React');
    const list = main.getByRole('list', { name: 'Jobs', exact: true });
    const rows = list.getByRole('article');
    await rows.first().waitFor({ timeout: 30_000 });
    await main.getByText(/^\d+\+? jobs?$/).waitFor();

    // Save the search; it appears among the saved searches.
    const savedSearches = main.getByRole('region', { name: 'Saved searches' });
    await savedSearches.getByRole('button', { name: 'Save search' }).click();
    const saveForm = savedSearches.getByRole('form', { name: 'Save search' });
    const name = saveForm.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('React');
    const searchName = `React e2e ${stamp}`;
    await name.fill(searchName);
    await saveForm.getByRole('button', { name: 'Save', exact: true }).click();
    await savedSearches.getByRole('button', { name: searchName }).waitFor();
    await saveForm.waitFor({ state: 'detached' });

    // Open the first job in the detail panel.
    const title = await visibleText(rows.first().getByRole('heading').or(rows.first().getByRole('button').first()));
    expect(title.length).toBeGreaterThan(0);
    await list.getByRole('button', { name: title, exact: true }).first().click();
    await page.waitForURL((url) => url.searchParams.has('job'));
    const jobId = new URL(page.url()).searchParams.get('job') ?? '';
    const details = main.getByRole('complementary', { name: 'Job details' });
    await details.getByRole('heading', { name: title, level: 2 }).waitFor();
    await details.getByRole('link', { name: 'Open on Upwork' }).waitFor();

    // Start a response: the generate page opens with that job chosen.
    await details.getByRole('link', { name: 'Generate response' }).click();
    await waitForPath(page, '/generate-response');
    expect(new URL(page.url()).searchParams.get('jobId')).toBe(jobId);
    await page.getByRole('heading', { name: 'Generate Response', level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: 'From my jobs' }).isChecked()).toBe(true);
    const job = page.getByRole('combobox', { name: 'Job', exact: true });
    await job.getByRole('option', { name: title }).first().waitFor({ state: 'attached' });
    await expect
      .poll(() => job.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe(title);
    expect(await job.inputValue()).toBe(jobId);
  });
});
