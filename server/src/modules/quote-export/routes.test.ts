import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { quoteTotals } from '#contract/quote-totals';
import type { QuoteDocument } from '#contract/quotes';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { createQuote } from '../quotes/service.ts';
import { asWritten, docxText, flatText, pdfPages, realisticQuote } from './test-quotes.ts';

let h: Harness;
let alice: SignedIn;
let bob: SignedIn;
let viewer: SignedIn;
let quoteId: string;
let document: QuoteDocument;

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function addQuote(user: SignedIn, doc: QuoteDocument): Promise<string> {
  const { id } = await createQuote(
    h.database.db,
    user.user.id,
    { document: doc, requirements: [], rfpText: 'An RFP', offline: true },
    {},
  );
  return id;
}

const exportUrl = (id: string, format: string) => `/api/quotes/${id}/export?format=${format}`;

async function exportsLogged(userId: string) {
  return h.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.action, 'export_quote')));
}

beforeAll(async () => {
  h = await createHarness();
  alice = await h.signIn({ modules: ['proposal'], name: 'Alice Account' });
  bob = await h.signIn({ modules: ['proposal'] });
  viewer = await h.signIn({ modules: [] });
  const profile = await h.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: alice.headers,
    payload: { name: 'Alice Moreno', title: 'React developer' },
  });
  expect(profile.statusCode).toBe(200);
  document = { ...realisticQuote(), title: 'Website redesign' };
  quoteId = await addQuote(alice, document);
});
afterAll(async () => {
  await h.close();
});

describe('GET /api/quotes/:id/export', () => {
  it('downloads the PDF as an attachment named after the quote, never cached', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: exportUrl(quoteId, 'pdf'),
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Website redesign - quote.pdf"; filename*=UTF-8''Website%20redesign%20-%20quote.pdf`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const text = flatText((await pdfPages(res.rawPayload)).join('\n'));
    expect(text).toContain('Website redesign');
    expect(text).toContain('Prepared by: Alice Moreno, React developer');
    expect(text).toContain(asWritten(quoteTotals(document).totalMinor, 'USD', 2));
  });

  it('downloads the DOCX with the Word content type, and logs each export with its format', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: exportUrl(quoteId, 'docx'),
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(DOCX_TYPE);
    expect(res.headers['content-disposition']).toContain(
      'filename="Website redesign - quote.docx"',
    );
    const text = flatText(await docxText(res.rawPayload));
    expect(text).toContain('Website redesign');
    expect(text).toContain('Alice Moreno, React developer');
    const logged = await exportsLogged(alice.user.id);
    expect(logged.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ quoteId, format: 'pdf' }),
        expect.objectContaining({ quoteId, format: 'docx' }),
      ]),
    );
  });

  it('keeps a non-ASCII title readable in the UTF-8 file name and safe in the ASCII one', async () => {
    const id = await addQuote(alice, { ...document, title: 'Café “Étoile”: refonte/site' });
    const res = await h.app.inject({
      method: 'GET',
      url: exportUrl(id, 'pdf'),
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain('filename="Caf_ __toile_ refonte site - quote.pdf"');
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent('Café “Étoile” refonte site - quote.pdf')}`,
    );
  });

  it('answers 404 for another user’s quote and logs nothing for them', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: exportUrl(quoteId, 'pdf'),
      headers: bob.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await exportsLogged(bob.user.id)).toHaveLength(0);
  });

  it('answers 403 without the proposal module and 401 without a token', async () => {
    const denied = await h.app.inject({
      method: 'GET',
      url: exportUrl(quoteId, 'pdf'),
      headers: viewer.headers,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('module_not_enabled');
    const anonymous = await h.app.inject({ method: 'GET', url: exportUrl(quoteId, 'pdf') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an unknown format or a missing one with 400', async () => {
    for (const url of [exportUrl(quoteId, 'xls'), `/api/quotes/${quoteId}/export`]) {
      const res = await h.app.inject({ method: 'GET', url, headers: alice.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });
});
