/**
 * Add a portfolio item with an image and a PDF, find it by a phrase that only
 * the PDF contains, and delete it (with the Undo offer), in Chromium against the whole stack.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { makeImage, makePdf } from '../../server/src/modules/portfolio/test-fixtures.ts';
import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { signIn, useBrowser, waitForPath } from './helpers.ts';

/**
 * Serious or critical axe findings (none are allowed) in the page's main region (the area this
 * spec owns; the shell around it has its own accessibility spec), as readable lines.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('#main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function bothThemes(page: Page): Promise<string[]> {
  const first = await seriousViolations(page);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  const second = await seriousViolations(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  return [...first, ...second];
}

describe('portfolio', () => {
  const browser = useBrowser();

  it('adds an item with an image and a PDF, finds it by the PDF’s words, and deletes it', async () => {
    const watched = await browser.open();
    const { page } = watched;
    await signIn(page, DEMO_FREELANCER);
    const stamp = Date.now().toString(36);
    const title = `Warehouse robotics dashboard ${stamp}`;

    await page.goto('/settings/portfolio');
    await page.getByRole('heading', { name: 'Portfolio settings', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New item' }).click();
    const form = page.getByRole('form', { name: 'New portfolio item' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel(/Skills/).fill('React, WebSockets');
    await form
      .getByLabel('Description')
      .fill('Live view of picking robots for a logistics client.');
    await form.getByRole('button', { name: 'Create item' }).click();

    // The new item opens for editing, with its file drop zone.
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await row.getByText('Drop files here').waitFor();
    const png = await makeImage('png', 640, 400);
    const pdf = makePdf([
      'Case study appendix',
      `The quokka telemetry harmonizer ${stamp} cut mispicks by 41 percent.`,
    ]);
    await row.getByLabel('choose files').setInputFiles([
      { name: 'robots.png', mimeType: 'image/png', buffer: png },
      { name: 'appendix.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    const uploads = row.getByRole('list', { name: 'Uploads' });
    await expect
      .poll(() => uploads.getByText('Uploaded', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    await row.getByText('robots.png').first().waitFor();
    await row.getByText('text searchable').waitFor();
    expect(await bothThemes(page)).toEqual([]);

    // Found by a phrase that appears only in the PDF, with the reason shown.
    await page.goto('/portfolio');
    await page.getByRole('heading', { name: 'Portfolio', level: 1 }).waitFor();
    await page
      .getByRole('searchbox', { name: 'Search' })
      .fill(`"quokka telemetry harmonizer ${stamp}"`);
    await waitForPath(page, '/portfolio');
    const card = page.getByRole('article', { name: title });
    await card.waitFor({ timeout: 15_000 });
    const why = card.getByLabel('Why it matched');
    await expect.poll(() => why.textContent()).toContain('attached files');
    expect(await page.getByRole('article').count()).toBe(1);
    // The image's thumbnail is fetched with the token and shown.
    await card.getByRole('img', { name: 'Thumbnail of robots.png' }).waitFor();
    expect(await bothThemes(page)).toEqual([]);

    // Deleted from the settings page; the Undo offer appears; the item is gone from search.
    await page.goto('/settings/portfolio');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByText(`Deleted “${title}”.`).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: title }).count()).toBe(0);

    await page.goto(`/portfolio?q=${encodeURIComponent(`quokka harmonizer ${stamp}`)}`);
    await page.getByRole('heading', { name: 'No matches' }).waitFor();
    expect(watched.cspViolations).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
