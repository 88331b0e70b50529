/**
 * The SPA is served with a strict CSP (no 'unsafe-inline' scripts,
 * frame-ancestors 'none', object-src 'none'), nosniff and a Referrer-Policy, and the pages run
 * under it with no CSP violation and no uncaught error.
 */
import { describe, expect, it } from 'vitest';

import { DEMO_ADMIN } from '../support/demo-accounts.ts';

import { signIn, useBrowser } from './helpers.ts';

describe('content security policy', () => {
  const browser = useBrowser();

  it('serves the SPA with a strict CSP and the pages run under it without violations', async () => {
    const watched = await browser.open();
    const response = await watched.page.goto('/login');
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();

    await signIn(watched.page, DEMO_ADMIN);
    // Exact: the dashboard may also show "View all leads due".
    await watched.page.getByRole('link', { name: 'Leads', exact: true }).click();
    await watched.page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await watched.page.goto('/support');
    await watched.page.getByText('Coming soon.').waitFor();
    expect(watched.cspViolations).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
