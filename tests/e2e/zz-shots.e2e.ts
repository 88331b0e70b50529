import { describe, it } from 'vitest';

import { rfpPdf } from '../support/rfp-files.ts';

import { useBrowser, waitForPath } from './helpers.ts';
import { signUpThroughUi } from './profile-steps.ts';

describe('shots', () => {
  const browser = useBrowser();
  it('takes screenshots', async () => {
    const { page } = await browser.open({ viewport: { width: 1280, height: 900 } });
    await signUpThroughUi(page, `Shot ${Date.now().toString(36)}`);
    await page.goto('/quotes');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: '/tmp/shots/01-quotes-empty.png', fullPage: true });
    await page.goto('/generate-quotes');
    await page.getByLabel('RFP file').setInputFiles({ name: 'rfp.pdf', mimeType: 'application/pdf', buffer: await rfpPdf() });
    await page.waitForTimeout(2500);
    await page.getByLabel(/^Hourly rate/).fill('90');
    await page.screenshot({ path: '/tmp/shots/02-generate.png', fullPage: true });
    await page.getByRole('button', { name: 'Generate quote' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: '/tmp/shots/03-generating.png', fullPage: true });
    await waitForPath(page, '/edit-quote');
    await page.getByRole('heading', { name: 'Edit Quote', level: 1 }).waitFor();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: '/tmp/shots/04-editor.png', fullPage: true });
    const url = page.url();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: '/tmp/shots/05-editor-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/quotes');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: '/tmp/shots/06-quotes-list.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shots/07-quotes-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings/quote-templates');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: '/tmp/shots/08-templates.png', fullPage: true });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Edit Quote', level: 1 }).waitFor();
    await page.getByLabel('Client name').fill('Harbor & Pine Outfitters');
    const fields = page.getByRole('main').locator('input[type="text"], input:not([type]), textarea');
    for (let i = 0; i < (await fields.count()); i += 1) {
      const v = await fields.nth(i).inputValue();
      if (v.includes('[Add:')) await fields.nth(i).fill(v.replace(/\[Add:[^\]]*\]/g, 'the first Monday after you accept'));
    }
    await page.getByText(/^Saved/).waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Create link' }).click();
    const link = await page.getByLabel('Link for the client').inputValue();
    await page.screenshot({ path: '/tmp/shots/09-share-dialog.png' });
    const client = await browser.open({ viewport: { width: 390, height: 844 } });
    await client.page.goto(link);
    await client.page.getByRole('heading', { level: 1 }).waitFor();
    await client.page.waitForTimeout(500);
    await client.page.screenshot({ path: '/tmp/shots/10-share-390.png', fullPage: true });
    await client.page.getByLabel('Your full name').fill('Morgan Pine');
    await client.page.getByRole('button', { name: 'Accept quote' }).click();
    await client.page.waitForTimeout(1000);
    await client.page.screenshot({ path: '/tmp/shots/11-share-accepted.png', fullPage: true });
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('heading', { name: 'Edit Quote', level: 1 }).waitFor();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: '/tmp/shots/12-editor-accepted.png', fullPage: false });
  }, 120_000);
});
