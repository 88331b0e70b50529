import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { QuoteListItem, QuoteSummary } from '#contract/quotes-api';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activityOf, makeQuote, moveQuoteTo } from './test-helpers.ts';

/**
 * The quote list, its totals by status and its CSV, on a fixed set of quotes: alice has four
 * (one expired, one sent, two drafts, one of them in euros), bob has one she must never see.
 */
let h: Harness;
let alice: SignedIn;
let bob: SignedIn;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  alice = await h.signIn({ modules: ['proposal'] });
  bob = await h.signIn({ modules: ['proposal'] });
  const quote = (title: string, clientName: string, extra = {}, options = {}) =>
    makeQuote(h, alice, { title, clientName, ...extra }, { fill: true, ...options });
  ids.bakery = await quote('Bakery storefront', 'Crumb & Co', {}, { rateMinor: 5_000 });
  ids.clinic = await quote('Clinic booking portal', 'Northside Clinic', {}, { rateMinor: 12_000 });
  ids.old = await quote('Old catalogue', 'Dusty Books', { validUntil: '2021-06-30' });
  ids.euro = await quote('=HYPERLINK("http://evil")', 'Berlin GmbH', {}, { currency: 'EUR' });
  await moveQuoteTo(h, alice, ids.clinic, 'sent');
  await moveQuoteTo(h, alice, ids.old, 'sent');
  ids.bob = await makeQuote(h, bob, { title: 'Bob secret quote', clientName: 'Crumb & Co' });
});
afterAll(async () => {
  await h.close();
});

async function list(user: SignedIn, query: string) {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/quotes?${query}`,
    headers: user.headers,
  });
  return response;
}

async function items(query: string): Promise<QuoteListItem[]> {
  const response = await list(alice, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: QuoteListItem[] }).items;
}

const titles = (rows: QuoteListItem[]) => rows.map((row) => row.title);

describe('GET /api/quotes', () => {
  it('lists only the caller’s quotes, most recently updated first, with effective statuses', async () => {
    const rows = await items('');
    expect(rows).toHaveLength(4);
    expect(titles(rows)).not.toContain('Bob secret quote');
    expect(rows[0]!.title).toBe('Old catalogue');
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    expect(byTitle.get('Old catalogue')!.status).toBe('expired');
    expect(byTitle.get('Clinic booking portal')!.status).toBe('sent');
    expect(byTitle.get('Bakery storefront')).toMatchObject({ status: 'draft', viewCount: 0 });
  });

  it('filters by effective status: an expired quote is found under expired, not sent', async () => {
    expect(titles(await items('status=expired'))).toEqual(['Old catalogue']);
    expect(titles(await items('status=sent'))).toEqual(['Clinic booking portal']);
    expect(titles(await items('status=draft')).sort()).toEqual([
      '=HYPERLINK("http://evil")',
      'Bakery storefront',
    ]);
    expect(await items('status=accepted')).toEqual([]);
  });

  it('finds quotes by title, client or summary words', async () => {
    expect(titles(await items('q=clinic'))).toEqual(['Clinic booking portal']);
    expect(titles(await items('q=Crumb'))).toEqual(['Bakery storefront']);
    expect(await items(`q=${encodeURIComponent('"no such words"')}`)).toEqual([]);
  });

  it('sorts by total, title and validity both ways', async () => {
    const byTotal = await items('sort=total&dir=desc');
    const totals = byTotal.map((row) => row.totalMinor);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(byTotal[0]!.title).toBe('Clinic booking portal');
    expect(titles(await items('sort=title&dir=desc'))[0]).toBe('Old catalogue');
    expect(titles(await items('sort=valid_until&dir=asc'))[0]).toBe('Old catalogue');
    expect(titles(await items('sort=created&dir=asc'))[0]).toBe('Bakery storefront');
  });

  it('pages with a cursor until every quote was seen once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await list(
        alice,
        `sort=title&dir=asc&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = response.json() as { items: QuoteListItem[]; nextCursor: string | null };
      seen.push(...titles(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    const bad = await list(alice, 'cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/quotes/summary', () => {
  it('counts and sums per effective status and currency, for the caller only', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/quotes/summary',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(200);
    const rows = (response.json() as QuoteSummary).rows;
    const all = await items('limit=100');
    const expected = (status: string, currency: string) => {
      const matching = all.filter((row) => row.status === status && row.currency === currency);
      return {
        status,
        currency,
        count: matching.length,
        totalMinor: matching.reduce((sum, row) => sum + row.totalMinor, 0),
      };
    };
    expect(rows).toEqual(
      expect.arrayContaining([
        expected('draft', 'USD'),
        expected('draft', 'EUR'),
        expected('sent', 'USD'),
        expected('expired', 'USD'),
      ]),
    );
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(4);
  });
});

describe('GET /api/quotes/export.csv', () => {
  it('exports the filtered list in major units, guards formulas and logs the export', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/quotes/export.csv?sort=title&dir=asc',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="quotes-/);
    const parsed = Papa.parse<Record<string, string>>(response.body, { header: true });
    expect(parsed.meta.fields).toEqual([
      'title',
      'client',
      'status',
      'status changed',
      'currency',
      'total',
      'valid until',
      'views',
      'created',
      'updated',
    ]);
    const rows = parsed.data.filter((row) => row.title);
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.client)).not.toContain('Bob secret quote');
    const euro = rows.find((row) => row.client === 'Berlin GmbH')!;
    expect(euro.title).toBe(`'=HYPERLINK("http://evil")`);
    expect(euro.currency).toBe('EUR');
    const listed = await items('limit=100');
    const clinic = listed.find((row) => row.title === 'Clinic booking portal')!;
    const clinicRow = rows.find((row) => row.title === 'Clinic booking portal')!;
    expect(clinicRow.total).toBe((clinic.totalMinor / 100).toFixed(2));
    expect(clinicRow).toMatchObject({ status: 'sent', currency: 'USD', views: '0' });
    expect(rows.find((row) => row.title === 'Old catalogue')!.status).toBe('expired');

    const filtered = await h.app.inject({
      method: 'GET',
      url: '/api/quotes/export.csv?status=expired',
      headers: alice.headers,
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
    const exports = await activityOf(h, alice, 'export_quote');
    expect(exports.map((row) => row.details)).toEqual([
      { format: 'csv', count: 4 },
      { format: 'csv', count: 1 },
    ]);
  });

  it('never shows another user’s quotes', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/quotes/export.csv',
      headers: bob.headers,
    });
    expect(response.body).toContain('Bob secret quote');
    expect(response.body).not.toContain('Clinic booking portal');
  });
});
