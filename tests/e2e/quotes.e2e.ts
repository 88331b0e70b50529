/**
 * A quote from an RFP to the client's signature, as a new freelancer and their client meet it:
 * upload the RFP as a PDF, watch the agent's steps, edit a line and reorder by keyboard (the
 * totals follow), fill what only the freelancer knows, export the PDF (read back here), share the
 * link, open it in a fresh browser with no account, accept with a typed name, and see the owner's
 * list say "Accepted" while the notification arrives.
 */
import { readFile } from 'node:fs/promises';

import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { rfpPdf } from '../support/rfp-files.ts';

import { useBrowser, waitForPath } from './helpers.ts';
import { signUpThroughUi } from './profile-steps.ts';

const CLIENT = 'Harbor & Pine Outfitters';

/** The editor's Total, as written ("$12,345.00"). */
const totalText = async (page: Page) =>
  (await page.locator('dl[aria-label="Totals"] > div').last().locator('dd').textContent()) ?? '';

/** Writes the freelancer's own words over every [Add: …] part left in the editor's fields. */
async function fillMarkers(page: Page) {
  const fields = page.getByRole('main').locator('input[type="text"], input:not([type]), textarea');
  for (let index = 0; index < (await fields.count()); index += 1) {
    const field = fields.nth(index);
    const value = await field.inputValue();
    if (!value.includes('[Add:')) continue;
    const label = (await field.getAttribute('id')) ?? '';
    const filled = label.endsWith('-client')
      ? CLIENT
      : value.replace(/\[Add:[^\]]*\]/g, 'the first Monday after you accept');
    await field.fill(filled);
  }
}

async function pricingLabels(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Pricing lines' })
    .getByLabel('Item', { exact: true })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

describe('quotes: RFP to signature', () => {
  const browser = useBrowser();

  it('turns an uploaded RFP into a priced quote the client accepts from a shared link', async () => {
    const { page } = await browser.open({ viewport: { width: 1280, height: 900 } });
    await signUpThroughUi(page, `Quinn ${Date.now().toString(36)}`);

    // Upload the RFP as a PDF: its text comes back for review.
    await page.getByRole('link', { name: 'Quotes' }).first().click();
    await waitForPath(page, '/quotes');
    await page.getByRole('link', { name: 'Generate quote' }).first().click();
    await waitForPath(page, '/generate-quotes');
    await page.getByLabel('RFP file').setInputFiles({
      name: 'harbor-pine-rfp.pdf',
      mimeType: 'application/pdf',
      buffer: await rfpPdf(),
    });
    const rfpText = page.getByLabel('RFP text');
    await expect.poll(() => rfpText.inputValue(), { timeout: 20_000 }).toContain('Stripe');
    await page.getByLabel(/^Hourly rate/).fill('90');

    // The agent's steps stream in, then the quote opens in the editor.
    await page.getByRole('button', { name: 'Generate quote' }).click();
    await page.getByRole('heading', { name: 'Edit Quote', level: 1 }).waitFor({ timeout: 30_000 });
    await waitForPath(page, '/edit-quote');
    const lines = await pricingLabels(page);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join(' ')).toMatch(/Stripe|checkout/i);

    // Edit a line: its quantity changes the total at once.
    const totalBefore = await totalText(page);
    const firstQuantity = page
      .getByRole('list', { name: 'Pricing lines' })
      .getByLabel('Quantity', { exact: true })
      .first();
    const quantity = Number(await firstQuantity.inputValue());
    await firstQuantity.fill(String(quantity + 10));
    await expect.poll(() => totalText(page)).not.toBe(totalBefore);

    // Reorder by keyboard: the first line moves down one place.
    const [first, second] = lines;
    await page.getByRole('button', { name: `Move line 1 (${first}) down` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await pricingLabels(page)).slice(0, 2)).toEqual([second, first]);

    // What only the freelancer knows is written in; then the quote saves.
    await fillMarkers(page);
    await page.getByText(/^Saved/).waitFor({ timeout: 15_000 });
    const total = await totalText(page);

    // Export the PDF and read it back: the client, the lines and the total are in it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    const flat = text.split(/\s+/).join(' ');
    expect(flat).toContain(CLIENT);
    expect(flat).toContain(second!.slice(0, 30));
    expect(flat).toContain(total.trim());

    // Share: the link for the client.
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Create link' }).click();
    const link = await page.getByLabel('Link for the client').inputValue();
    expect(link).toMatch(/\/q\/[\w-]{43}$/);
    await page.keyboard.press('Escape');

    // The client opens it in a fresh browser, with no account, and accepts with a typed name.
    const client = await browser.open({ viewport: { width: 390, height: 844 } });
    await client.page.goto(link);
    await client.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await client.page.getByRole('main').textContent()).toContain(CLIENT);
    await client.page.getByLabel('Your full name').fill('Morgan Pine');
    await client.page.getByRole('button', { name: 'Accept quote' }).click();
    await client.page.getByRole('status').filter({ hasText: 'Morgan Pine' }).waitFor();
    expect(client.pageErrors).toEqual([]);

    // The owner is told within seconds, and the list says Accepted.
    await page
      .getByRole('button', { name: /^Notifications \(1 unread\)/ })
      .waitFor({ timeout: 10_000 });
    await page.goto('/quotes');
    const row = page.getByRole('row').filter({ hasText: CLIENT });
    await row.getByText('Accepted').waitFor();
  });
});
