/**
 * Connect Upwork (the local sandbox the e2e stack starts, as `npm run demo` does),
 * search jobs, save the search, open a job in the detail panel and start a response for it, in
 * Chromium against the whole stack. The UI must say plainly that the data is a demo.
 */
import { describe, expect, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { signIn, useBrowser, waitForPath } from './helpers.ts';

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
    await upwork
      .getByRole('note')
      .getByText(/Demo mode: .*local Upwork sandbox/)
      .waitFor();
    // The e2e stack's database is fresh: the demo freelancer starts without a connection.
    await upwork.getByText('Not connected', { exact: true }).waitFor();
    await upwork.getByRole('button', { name: 'Connect Upwork' }).click();
    await upwork.getByText(/^Connected as /).waitFor({ timeout: 30_000 });
    // The code and state are taken out of the address bar once the API has checked them.
    await page.waitForURL((url) => !url.searchParams.has('code'));
    expect(await upwork.getByRole('alert').count()).toBe(0);

    // The feed says where its jobs come from.
    await page.goto('/upwork-jobs');
    await page.getByRole('heading', { name: 'Browse Jobs', level: 1 }).waitFor();
    await main
      .getByRole('note')
      .getByText(/^Demo data: .*local sandbox, not from Upwork/)
      .waitFor();

    // Search: the words land in the URL and the list fills with matching sandbox jobs.
    const search = main.getByRole('search');
    const box = search.getByRole('searchbox', { name: 'Search jobs' });
    await box.fill('React');
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
    // Its button may also count new matches ("3 new") once the sandbox publishes some.
    const savedName = new RegExp(`^${searchName}( \\d+ new)?$`);
    await savedSearches.getByRole('button', { name: savedName }).waitFor();
    await saveForm.waitFor({ state: 'detached' });

    // Loading it again (after clearing the box) brings its words back into the URL and the box.
    await box.fill('');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await savedSearches.getByRole('button', { name: savedName }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('q') === 'React' && url.searchParams.has('saved'),
    );
    await expect.poll(() => box.inputValue()).toBe('React');

    // Open a job that shows the search word (in its title or skills) in the detail panel.
    const match = rows.filter({ hasText: /React/ }).first();
    await match.waitFor();
    const title = (await match.getAttribute('aria-label')) ?? '';
    expect(title).not.toBe('');
    await match.getByRole('button', { name: title, exact: true }).click();
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
    // Options are not "visible" in Playwright's sense: wait for the chosen one to be there.
    await job
      .getByRole('option', { name: title, exact: true, selected: true })
      .waitFor({ state: 'attached' });
    expect(await job.inputValue()).toBe(jobId);
  });
});
