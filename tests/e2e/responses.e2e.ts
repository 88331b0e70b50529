/**
 * Generate a response from a pasted job (the e2e stack has no AI provider, so the
 * offline engine writes it, streamed over SSE), watch it arrive, edit it, and find it in the list.
 */
import { describe, expect, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { signIn, useBrowser, waitForPath } from './helpers.ts';

describe('responses', () => {
  const browser = useBrowser();

  it('generates a response from a job, edits it, and finds it in the list', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    const stamp = Date.now().toString(36);
    const title = `Vue to React migration ${stamp}`;

    await page.goto('/generate-response');
    await page.getByRole('heading', { name: 'Generate Response', level: 1 }).waitFor();
    await page.getByLabel('Paste a job').check();
    await page
      .getByLabel(/Job text/)
      .fill(
        `${title}\nWe need our Vue 2 dashboard moved to React.\nSkills: React, Vue\nQuestions:\n1. Have you migrated Vue apps before?`,
      );
    await page.getByRole('button', { name: 'Generate' }).click();

    await page
      .getByRole('list', { name: 'Agent steps' })
      .first()
      .getByText('Searching the portfolio')
      .waitFor();
    const draft = page.getByLabel('Draft A');
    await draft.waitFor();
    expect(await draft.inputValue()).toContain('Have you migrated Vue apps before?');
    expect(await page.getByText(/Offline draft/).count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Open in editor' }).click();
    await waitForPath(page, '/edit-response');
    const editor = page.getByLabel('Response text');
    await editor.waitFor();
    await editor.fill(`${await editor.inputValue()}\n\nP.S. Edited in the e2e run ${stamp}.`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await page.goto('/responses');
    await page.getByLabel('Search').fill(stamp);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: title }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(stamp);
  });
});
