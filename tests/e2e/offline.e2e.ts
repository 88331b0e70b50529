/**
 * The installed app opens offline to the last data it saw, read-only, and says it is
 * offline; the copies belong to the signed-in user and go when that user signs out.
 */
import { describe, expect, it } from 'vitest';

import { DEMO_ADMIN, DEMO_FREELANCER } from '../support/demo-accounts.ts';

import { signIn, useBrowser, waitForPath } from './helpers.ts';

const OFFLINE_DATA_CACHES = `caches.keys().then((keys) => keys.filter((key) => key.startsWith('bidwright-data-')))`;

describe('offline', () => {
  const browser = useBrowser();

  it('reopens offline to the last users list it saw, says it is offline, and forgets it on sign-out', async () => {
    const { page, context } = await browser.open();
    await signIn(page, DEMO_ADMIN);
    // The service worker takes control after the first load; from then on reads pass through it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('row').filter({ hasText: DEMO_FREELANCER.email }).waitFor();

    const servedOffline: string[] = [];
    page.on('response', (response) => {
      if (response.headers()['x-bidwright-offline'] === '1') {
        servedOffline.push(new URL(response.url()).pathname);
      }
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByText('You are offline.', { exact: false }).waitFor();
    // Still the admin (the backend user came from the copy), still the list.
    await table.getByRole('row').filter({ hasText: DEMO_FREELANCER.email }).waitFor();
    expect(await page.getByText('Access Denied').count()).toBe(0);
    expect(servedOffline).toEqual(expect.arrayContaining(['/api/users', '/api/admin/users']));

    await context.setOffline(false);
    await page.reload();
    await table.waitFor();
    // The API answered again, so the notice is gone.
    await page.getByText('You are offline.', { exact: false }).waitFor({ state: 'detached' });
    expect(((await page.evaluate(OFFLINE_DATA_CACHES)) as string[]).length).toBe(1);
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await page.waitForFunction(async () =>
      (await caches.keys()).every((key) => !key.startsWith('bidwright-data-')),
    );
  });
});
