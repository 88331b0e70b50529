/**
 * Template variables as a user meets them: a template with an unknown `{{variable}}` is refused
 * with the list of the known ones, and a draft written from a template never shows `{{...}}`.
 */
import { describe, expect, it } from 'vitest';

import { DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { seriousViolations } from './axe.ts';
import { signIn, useBrowser, waitForPath } from './helpers.ts';

describe('template variables', () => {
  const browser = useBrowser();

  it('refuses to save an unknown variable, then drafts from the fixed template without {{...}}', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    const stamp = Date.now().toString(36);
    const name = `Direct pitch ${stamp}`;

    await page.goto('/settings/response-templates');
    await page.getByRole('button', { name: /New template/ }).click();
    const editor = page.getByRole('region', { name: 'Template editor' });
    await editor.getByLabel('Name').fill(name);
    const body = editor.getByLabel('Text');
    await body.fill(
      'Hi {{client_name}},\n\n{{unknown_thing}} about {{job_title}}.\n\n{{question}}',
    );
    await editor.getByRole('button', { name: 'Save template' }).click();

    const refusal = editor.getByRole('alert');
    await refusal.waitFor();
    const message = (await refusal.textContent()) ?? '';
    expect(message).toContain('{{unknown_thing}}');
    expect(message).toContain('{{client_name}}');
    expect(message).toContain('{{signature}}');
    expect(await page.getByRole('region', { name: 'Templates' }).getByText(name).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await body.fill(
      'Hi {{client_name}},\n\nA quick note about {{job_title}}.\n\n{{question}}\n\n{{signature}}',
    );
    await editor.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('region', { name: 'Templates' }).getByText(name).waitFor();

    await editor.getByRole('link', { name: 'Use in a response' }).click();
    await waitForPath(page, '/generate-response');
    await page.getByLabel('Paste a job').check();
    await page
      .getByLabel(/Job text/)
      .fill(
        `Webflow landing page ${stamp}\nWe need a landing page in Webflow this month.\nSkills: Webflow`,
      );
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const draft = page.getByLabel('Draft A');
    await draft.waitFor();
    const text = await draft.inputValue();
    expect(text).toContain(`Webflow landing page ${stamp}`);
    expect(text).not.toMatch(/\{\{|\}\}/);
  });

  it('shows the refusal without serious accessibility violations in the light theme', async () => {
    const { page } = await browser.open();
    await signIn(page, DEMO_FREELANCER);
    await page.evaluate("window.localStorage.setItem('theme', 'light')");
    await page.goto('/settings/response-templates');
    await page.getByRole('button', { name: /New template/ }).click();
    const editor = page.getByRole('region', { name: 'Template editor' });
    await editor.getByLabel('Name').fill('Light check');
    await editor.getByLabel('Text').fill('Hello {{nope}}');
    await editor.getByRole('button', { name: 'Save template' }).click();
    await editor.getByRole('alert').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
