import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Quote, QuoteVersion } from '#contract/quotes-api';
import { quoteTotals } from '#contract/quote-totals';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { quoteShares, quoteSignatures, quoteVersions, quoteViews } from '../../db/schema/quotes.ts';
import { hashShareToken, newShareToken, sealShareToken } from '../../share-tokens.ts';
import {
  activityOf,
  fillMarkers,
  getQuote,
  makeQuote,
  moveQuoteTo,
  readQuote,
  sampleDocument,
  saveDocument,
} from './test-helpers.ts';

let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  alice = await h.signIn({ modules: ['proposal'] });
  bob = await h.signIn({ modules: ['proposal'] });
});
afterAll(async () => {
  await h.close();
});

async function versionsOf(user: SignedIn, id: string): Promise<QuoteVersion[]> {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/quotes/${id}/versions`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: QuoteVersion[] }).items;
}

async function setStatus(user: SignedIn, id: string, status: string) {
  return h.app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/status`,
    headers: user.headers,
    payload: { status },
  });
}

describe('reading a quote', () => {
  it('shows the owner the draft with its totals, history and full requirement coverage', async () => {
    const id = await makeQuote(h, alice);
    const quote = await readQuote(h, alice, id);
    expect(quote.status).toBe('draft');
    expect(quote.statusHistory.map((event) => event.status)).toEqual(['draft']);
    expect(quote.version).toBe(1);
    expect(quote.totals.totalMinor).toBe(quoteTotals(quote.document).totalMinor);
    expect(quote.totals.totalMinor).toBeGreaterThan(0);
    expect(quote.requirements.length).toBeGreaterThan(0);
    expect(quote.missingRequirementIds).toEqual([]);
    expect(quote).toMatchObject({ share: null, acceptance: null, decline: null, locked: false });
    expect(quote.offline).toBe(true);
  });

  it('names a requirement nothing in the quote answers any more', async () => {
    const id = await makeQuote(h, alice);
    const quote = await readQuote(h, alice, id);
    const dropped = quote.requirements[0]!.id;
    const strip = <T extends { requirementIds: string[] }>(items: T[]) =>
      items.filter((item) => !item.requirementIds.includes(dropped));
    const document = {
      ...quote.document,
      scope: { in: strip(quote.document.scope.in), out: strip(quote.document.scope.out) },
      assumptions: strip(quote.document.assumptions),
      lineItems: quote.document.lineItems.map((line) => ({
        ...line,
        requirementIds: line.requirementIds.filter((r) => r !== dropped),
      })),
    };
    const saved = await saveDocument(h, alice, id, document, 1);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as Quote).missingRequirementIds).toEqual([dropped]);
  });

  it('logs the view once however often the owner reopens the quote', async () => {
    const id = await makeQuote(h, alice);
    await readQuote(h, alice, id);
    await readQuote(h, alice, id);
    const views = await activityOf(h, alice, 'view_quote');
    expect(views.filter((row) => row.details.quoteId === id)).toHaveLength(1);
    const generated = await activityOf(h, alice, 'generate_quote');
    expect(generated.some((row) => row.details.quoteId === id)).toBe(true);
  });
});

describe('share and answer in the owner view', () => {
  it('shows the live link with its views, and the client’s acceptance', async () => {
    const id = await makeQuote(h, alice, {}, { fill: true });
    const db = h.database.db;
    const owner = { userId: alice.user.id, quoteId: id };
    const revoked = newShareToken();
    await db.insert(quoteShares).values({
      ...owner,
      tokenHash: hashShareToken(revoked),
      tokenEncrypted: sealShareToken(revoked, h.config.encryptionKey),
      revokedAt: new Date(),
    });
    const token = newShareToken();
    const [share] = await db
      .insert(quoteShares)
      .values({
        ...owner,
        tokenHash: hashShareToken(token),
        tokenEncrypted: sealShareToken(token, h.config.encryptionKey),
      })
      .returning();
    const viewedAt = new Date('2026-01-05T10:00:00.000Z');
    await db.insert(quoteViews).values([
      { ...owner, shareId: share!.id, durationSeconds: 40, device: 'Phone', createdAt: viewedAt },
      { ...owner, shareId: share!.id, durationSeconds: 5, device: 'Desktop' },
    ]);
    let quote = await readQuote(h, alice, id);
    expect(quote.share).toMatchObject({ path: `/q/${token}`, viewCount: 2, expiresAt: null });
    expect(Date.parse(quote.share!.lastViewedAt!)).toBeGreaterThan(viewedAt.getTime());
    const listed = await h.app.inject({
      method: 'GET',
      url: '/api/quotes',
      headers: alice.headers,
    });
    const item = (listed.json() as { items: Array<{ id: string; viewCount: number }> }).items;
    expect(item.find((row) => row.id === id)!.viewCount).toBe(2);

    await moveQuoteTo(h, alice, id, 'accepted');
    await db.insert(quoteSignatures).values({
      ...owner,
      decision: 'accepted',
      name: 'Dana Client',
      ip: '203.0.113.9',
      totalMinor: quote.totals.totalMinor,
      currency: quote.currency,
      document: quote.document,
    });
    quote = await readQuote(h, alice, id);
    expect(quote.acceptance).toMatchObject({ name: 'Dana Client', ip: '203.0.113.9' });
    expect(quote.acceptance!.totalMinor).toBe(quote.totals.totalMinor);
    expect(quote).toMatchObject({ status: 'accepted', locked: true, decline: null });
  });
});

describe('autosave and versions', () => {
  it('saves the document, refuses a stale tab and never takes the status from the editor', async () => {
    const id = await makeQuote(h, alice);
    const quote = await readQuote(h, alice, id);
    const edited = { ...quote.document, title: 'Storefront rebuild', status: 'accepted' as const };
    const first = await saveDocument(h, alice, id, edited, 1);
    expect(first.statusCode).toBe(200);
    const saved = first.json() as Quote;
    expect(saved).toMatchObject({ title: 'Storefront rebuild', version: 2, status: 'draft' });
    expect(saved.document.status).toBe('draft');

    const stale = await saveDocument(h, alice, id, { ...edited, title: 'Other tab' }, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('version_conflict');
    expect(stale.json().error.message).toMatch(/another tab or window/);
    expect((await readQuote(h, alice, id)).title).toBe('Storefront rebuild');
  });

  it('recomputes totals and currency columns from the saved document', async () => {
    const id = await makeQuote(h, alice);
    const quote = await readQuote(h, alice, id);
    const document = {
      ...quote.document,
      currency: 'EUR',
      discount: { kind: 'percent' as const, basisPoints: 1_000 },
      taxBasisPoints: 2_000,
    };
    const saved = (await saveDocument(h, alice, id, document, 1)).json() as Quote;
    const expected = quoteTotals(document);
    expect(saved.currency).toBe('EUR');
    expect(saved.totals).toEqual({
      subtotalMinor: expected.subtotalMinor,
      discountMinor: expected.discountMinor,
      taxMinor: expected.taxMinor,
      totalMinor: expected.totalMinor,
    });
    const versions = await versionsOf(alice, id);
    expect(versions[0]).toMatchObject({ source: 'edited', currency: 'EUR' });
    expect(versions[0]!.totalMinor).toBe(expected.totalMinor);
  });

  it('folds rapid saves into one version and restores an earlier one', async () => {
    const id = await makeQuote(h, alice);
    const original = await readQuote(h, alice, id);
    const editsBefore = (await activityOf(h, alice, 'edit_quote')).length;
    let version = 1;
    for (const title of ['Draft A', 'Draft AB', 'Draft ABC']) {
      const response = await saveDocument(h, alice, id, { ...original.document, title }, version);
      version = (response.json() as Quote).version;
    }
    expect(version).toBe(4);
    let versions = await versionsOf(alice, id);
    expect(versions.map((v) => [v.number, v.source, v.title])).toEqual([
      [2, 'edited', 'Draft ABC'],
      [1, 'generated', original.title],
    ]);
    expect((await activityOf(h, alice, 'edit_quote')).length).toBe(editsBefore + 1);

    // Two minutes later the next save starts a new version.
    await h.database.db
      .update(quoteVersions)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(quoteVersions.quoteId, id));
    await saveDocument(h, alice, id, { ...original.document, title: 'Draft final' }, version);
    versions = await versionsOf(alice, id);
    expect(versions.map((v) => v.number)).toEqual([3, 2, 1]);

    const restore = await h.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/versions/1/restore`,
      headers: alice.headers,
    });
    expect(restore.statusCode).toBe(200);
    expect(restore.json()).toMatchObject({ title: original.title, version: 6 });
    versions = await versionsOf(alice, id);
    expect(versions[0]).toMatchObject({ number: 4, source: 'restored', title: original.title });

    const missing = await h.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/versions/99/restore`,
      headers: alice.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('status', () => {
  it('refuses to mark a quote sent while [Add: …] markers are left, naming how many', async () => {
    const id = await makeQuote(h, alice);
    const refused = await setStatus(alice, id, 'sent');
    expect(refused.statusCode).toBe(400);
    const error = refused.json().error as {
      code: string;
      message: string;
      details: { markers: string[] };
    };
    expect(error.code).toBe('markers_left');
    expect(error.details.markers.length).toBeGreaterThan(0);
    const count = error.details.markers.length;
    expect(error.message).toBe(
      count === 1
        ? 'Fill in the [Add: …] part before marking this quote as sent.'
        : `Fill in the ${count} [Add: …] parts before marking this quote as sent.`,
    );
    expect((await readQuote(h, alice, id)).status).toBe('draft');
  });

  it('marks a filled quote sent and back to draft, keeping the history', async () => {
    const id = await makeQuote(h, alice, {}, { fill: true });
    const sent = await setStatus(alice, id, 'sent');
    expect(sent.statusCode).toBe(200);
    expect((sent.json() as Quote).status).toBe('sent');
    const back = (await setStatus(alice, id, 'draft')).json() as Quote;
    expect(back.status).toBe('draft');
    expect(back.statusHistory.map((event) => event.status)).toEqual(['draft', 'sent', 'draft']);
  });

  it('freezes an accepted quote and keeps a declined one declined', async () => {
    const accepted = await makeQuote(h, alice, {}, { fill: true });
    await moveQuoteTo(h, alice, accepted, 'accepted');
    const quote = await readQuote(h, alice, accepted);
    expect(quote).toMatchObject({ status: 'accepted', locked: true });
    const edit = await saveDocument(h, alice, accepted, quote.document, quote.version);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('quote_locked');
    const restore = await h.app.inject({
      method: 'POST',
      url: `/api/quotes/${accepted}/versions/1/restore`,
      headers: alice.headers,
    });
    expect(restore.statusCode).toBe(409);
    expect((await setStatus(alice, accepted, 'draft')).statusCode).toBe(409);

    const declined = await makeQuote(h, alice, {}, { fill: true });
    await moveQuoteTo(h, alice, declined, 'declined');
    expect((await setStatus(alice, declined, 'sent')).statusCode).toBe(409);
    expect((await readQuote(h, alice, declined)).status).toBe('declined');
  });

  it('duplicates an accepted quote into an editable draft with a validity date ahead', async () => {
    const accepted = await makeQuote(h, alice, { validUntil: '2020-01-31' }, { fill: true });
    await moveQuoteTo(h, alice, accepted, 'accepted');
    const original = await readQuote(h, alice, accepted);
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/quotes/${accepted}/duplicate`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(201);
    const copy = await readQuote(h, alice, response.json<{ id: string }>().id);
    expect(copy).toMatchObject({ status: 'draft', locked: false, title: original.title });
    expect(copy.totals).toEqual(original.totals);
    expect(copy.validUntil > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(copy.document.lineItems.map((line) => line.label)).toEqual(
      original.document.lineItems.map((line) => line.label),
    );
    const edit = await saveDocument(h, alice, copy.id, copy.document, copy.version);
    expect(edit.statusCode).toBe(200);
    expect((await readQuote(h, alice, accepted)).status).toBe('accepted');
  });

  it('reads an open quote past its validity date as expired', async () => {
    const id = await makeQuote(h, alice, { validUntil: '2020-01-31' }, { fill: true });
    await moveQuoteTo(h, alice, id, 'sent');
    expect((await readQuote(h, alice, id)).status).toBe('expired');
  });
});

describe('delete and ownership', () => {
  it('deletes a quote for good and logs it', async () => {
    const id = await makeQuote(h, alice);
    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/quotes/${id}`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(204);
    expect((await getQuote(h, alice, id)).statusCode).toBe(404);
    const deleted = await activityOf(h, alice, 'delete_quote');
    expect(deleted.some((row) => row.details.quoteId === id)).toBe(true);
  });

  it("answers 404 on every route of another user's quote and changes nothing", async () => {
    const id = await makeQuote(h, alice);
    const document = sampleDocument({ title: 'Taken over' });
    const calls = [
      { method: 'GET', url: `/api/quotes/${id}` },
      { method: 'PUT', url: `/api/quotes/${id}`, payload: { document, baseVersion: 1 } },
      { method: 'GET', url: `/api/quotes/${id}/versions` },
      { method: 'POST', url: `/api/quotes/${id}/versions/1/restore` },
      { method: 'POST', url: `/api/quotes/${id}/status`, payload: { status: 'draft' } },
      { method: 'POST', url: `/api/quotes/${id}/duplicate` },
      { method: 'DELETE', url: `/api/quotes/${id}` },
    ] as const;
    for (const call of calls) {
      const response = await h.app.inject({ ...call, headers: bob.headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.json().error).toMatchObject({
        code: 'not_found',
        message: 'Quote not found',
      });
    }
    const quote = await readQuote(h, alice, id);
    expect(quote).toMatchObject({ version: 1, status: 'draft' });
    expect(quote.title).not.toBe('Taken over');
  });

  it('refuses users without the proposal module', async () => {
    const viewer = await h.signIn({ modules: ['response'] });
    const id = await makeQuote(h, alice);
    for (const url of ['/api/quotes', '/api/quotes/summary', `/api/quotes/${id}`]) {
      const response = await h.app.inject({ method: 'GET', url, headers: viewer.headers });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('module_not_enabled');
    }
  });
});

describe('documents with markers filled', () => {
  it('fillMarkers leaves no marker behind (the helper the status tests rely on)', () => {
    const document = fillMarkers(sampleDocument());
    expect(JSON.stringify(document)).not.toContain('[Add:');
  });
});
