import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SHARE_LINK_NOT_FOUND_MESSAGE } from '#contract/quote-share';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { notifications } from '../../db/schema/notifications.ts';
import { quotes, quoteShares, quoteViews } from '../../db/schema/quotes.ts';
import { newShareToken } from '../../share-tokens.ts';
import { makeQuote, nextClientAddress, SECRET_RFP_TEXT, shareQuote } from './test-helpers.ts';

let h: Harness;
let owner: SignedIn;
let other: SignedIn;
const logLines: string[] = [];

beforeAll(async () => {
  h = await createHarness({ logLines });
  owner = await h.signIn({ modules: ['proposal'], name: 'Dana Freelancer' });
  other = await h.signIn({ modules: ['proposal'] });
});
afterAll(async () => h.close());

const client = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  h.app.inject({ method, url, remoteAddress: nextClientAddress(), payload });

async function quoteRow(id: string) {
  const [row] = await h.database.db.select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

describe('share links (owner)', () => {
  it('creates a link, marks the draft sent, and a new link replaces the old one', async () => {
    const id = await makeQuote(h, owner);
    const first = await h.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/share`,
      headers: owner.headers,
      payload: { expiresOn: '2099-01-31' },
    });
    expect(first.statusCode).toBe(201);
    const share = first.json();
    expect(share.path).toMatch(/^\/q\/[\w-]{43}$/);
    expect(share).toMatchObject({ expiresAt: '2099-01-31T23:59:59.999Z', viewCount: 0 });
    expect((await quoteRow(id)).status).toBe('sent');

    const oldToken = share.path.slice(3);
    expect((await client('GET', `/api/public/quotes/${oldToken}`)).statusCode).toBe(200);
    const newToken = await shareQuote(h, owner, id);
    expect(newToken).not.toBe(oldToken);
    expect((await client('GET', `/api/public/quotes/${oldToken}`)).statusCode).toBe(404);
    expect((await client('GET', `/api/public/quotes/${newToken}`)).statusCode).toBe(200);
  });

  it('revokes the link', async () => {
    const id = await makeQuote(h, owner);
    const token = await shareQuote(h, owner, id);
    const revoked = await h.app.inject({
      method: 'DELETE',
      url: `/api/quotes/${id}/share`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await client('GET', `/api/public/quotes/${token}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's quote and refuses a past expiry", async () => {
    const id = await makeQuote(h, owner);
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await h.app.inject({
        method,
        url: `/api/quotes/${id}/share`,
        headers: other.headers,
        ...(method === 'POST' ? { payload: { expiresOn: null } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    const past = await h.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/share`,
      headers: owner.headers,
      payload: { expiresOn: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
  });

  it('refuses to share a quote with [Add: …] parts left, and makes no link', async () => {
    const id = await makeQuote(h, owner, { clientName: '[Add: client name]' });
    const refused = await h.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/share`,
      headers: owner.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('markers_left');
    expect(refused.json().error.message).toBe(
      'Fill in the [Add: …] part before sharing this quote.',
    );
    const links = await h.database.db.select().from(quoteShares).where(eq(quoteShares.quoteId, id));
    expect(links).toHaveLength(0);
    expect((await quoteRow(id)).status).toBe('draft');
  });
});

describe('the public view', () => {
  it('shows the quote with sanitised sections and nothing private', async () => {
    const id = await makeQuote(h, owner);
    const token = await shareQuote(h, owner, id);
    const response = await client('GET', `/api/public/quotes/${token}`);
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      title: 'Checkout rebuild',
      clientName: 'Acme Stores',
      freelancer: { name: 'Dana Freelancer' },
      status: 'sent',
      currency: 'USD',
      canRespond: true,
      totals: { subtotalMinor: 100_000, taxMinor: 10_000, totalMinor: 110_000 },
      scope: { in: ['Cart and payment pages'], out: ['Mobile apps'] },
      acceptance: null,
      decline: null,
    });
    expect(view.milestones.map((m: { amountMinor: number }) => m.amountMinor)).toEqual([
      110_000, 0,
    ]);
    expect(view.sections.summary).toContain('<strong>checkout</strong>');
    expect(view.sections.summary).not.toContain('<script');
    expect(view.sections.summary).not.toContain('href="javascript');
    expect(view.sections.understanding).toContain('rel="noopener noreferrer nofollow"');

    const text = response.body;
    for (const secret of [
      owner.user.id,
      owner.user.email,
      id,
      'req-secret-1',
      'Secret requirement',
      SECRET_RFP_TEXT,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('never logs a token', async () => {
    const id = await makeQuote(h, owner);
    const token = await shareQuote(h, owner, id);
    await client('GET', `/api/public/quotes/${token}`);
    await client('POST', `/api/public/quotes/${token}/views`, {});
    const lines = logLines.join('\n');
    expect(lines).toContain('/api/public/quotes/[redacted]');
    expect(lines).not.toContain(token);
  });

  it('answers the same 404 for wrong, malformed, revoked and expired links', async () => {
    const id = await makeQuote(h, owner);
    const expiring = await shareQuote(h, owner, id);
    await h.database.db
      .update(quoteShares)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(quoteShares.quoteId, id));
    const revokedId = await makeQuote(h, owner);
    const revoked = await shareQuote(h, owner, revokedId);
    await h.app.inject({
      method: 'DELETE',
      url: `/api/quotes/${revokedId}/share`,
      headers: owner.headers,
    });

    const bodies = new Set<string>();
    for (const token of [newShareToken(), 'short', 'x'.repeat(90), '%00', expiring, revoked]) {
      const response = await client('GET', `/api/public/quotes/${encodeURIComponent(token)}`);
      expect(response.statusCode).toBe(404);
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({
      error: { code: 'not_found', message: SHARE_LINK_NOT_FOUND_MESSAGE },
    });
  });
});

describe('views', () => {
  it('records a view with its device and duration; the first one marks the quote viewed', async () => {
    const id = await makeQuote(h, owner);
    const token = await shareQuote(h, owner, id);
    const opened = await h.app.inject({
      method: 'POST',
      url: `/api/public/quotes/${token}/views`,
      remoteAddress: nextClientAddress(),
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      },
      payload: {},
    });
    expect(opened.statusCode).toBe(201);
    const { viewId } = opened.json();
    expect((await quoteRow(id)).status).toBe('viewed');

    // sendBeacon posts a text/plain string.
    const beacon = await h.app.inject({
      method: 'POST',
      url: `/api/public/quotes/${token}/views/${viewId}`,
      remoteAddress: nextClientAddress(),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ seconds: 42 }),
    });
    expect(beacon.statusCode).toBe(204);
    const [view] = await h.database.db.select().from(quoteViews).where(eq(quoteViews.id, viewId));
    expect(view).toMatchObject({ durationSeconds: 42, device: 'Phone · Safari on iOS' });

    const owners = await h.app.inject({
      method: 'GET',
      url: `/api/quotes/${id}`,
      headers: owner.headers,
    });
    expect(owners.json().share).toMatchObject({ viewCount: 1 });
  });
});

describe('selection, accept and decline', () => {
  it('ticks optional items and answers the new totals; required lines are refused', async () => {
    const id = await makeQuote(h, owner);
    const token = await shareQuote(h, owner, id);
    const ticked = await client('PUT', `/api/public/quotes/${token}/selection`, {
      selectedLineIds: ['l2'],
    });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json()).toEqual({
      selectedLineIds: ['l2'],
      totals: { subtotalMinor: 150_000, discountMinor: 0, taxMinor: 15_000, totalMinor: 165_000 },
    });
    expect((await quoteRow(id)).totalMinor).toBe(165_000);
    const required = await client('PUT', `/api/public/quotes/${token}/selection`, {
      selectedLineIds: ['l1'],
    });
    expect(required.statusCode).toBe(400);
  });

  it('accepts: stores name, address and total, freezes the quote and notifies the owner', async () => {
    const id = await makeQuote(h, owner);
    const token = await shareQuote(h, owner, id);
    const events: Array<{ type: string; data: unknown }> = [];
    const stop = h.app.events.subscribe(owner.user.id, (event) => events.push(event));
    const accepted = await h.app.inject({
      method: 'POST',
      url: `/api/public/quotes/${token}/accept`,
      remoteAddress: '203.0.113.7',
      payload: { name: '  Jordan Client ', selectedLineIds: ['l2'] },
    });
    stop();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      canRespond: false,
      acceptance: { name: 'Jordan Client', totalMinor: 165_000 },
    });

    const owners = await h.app.inject({
      method: 'GET',
      url: `/api/quotes/${id}`,
      headers: owner.headers,
    });
    expect(owners.json()).toMatchObject({
      status: 'accepted',
      locked: true,
      acceptance: {
        name: 'Jordan Client',
        ip: '203.0.113.7',
        totalMinor: 165_000,
        currency: 'USD',
      },
    });

    const [note] = await h.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(note).toMatchObject({
      title: 'Quote accepted',
      body: 'Jordan Client accepted “Checkout rebuild” for $1,650.00',
      link: `/edit-quote?id=${id}`,
    });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'notification',
        data: expect.objectContaining({ title: 'Quote accepted' }),
      }),
    ]);

    // Frozen: a second answer, a new selection or a new link is refused.
    const again = await client('POST', `/api/public/quotes/${token}/decline`, { reason: 'No' });
    expect(again.statusCode).toBe(409);
    const selection = await client('PUT', `/api/public/quotes/${token}/selection`, {
      selectedLineIds: [],
    });
    expect(selection.statusCode).toBe(409);
    const reshare = await h.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/share`,
      headers: owner.headers,
      payload: { expiresOn: null },
    });
    expect(reshare.statusCode).toBe(409);
  });

  it('declines with a reason', async () => {
    const id = await makeQuote(h, owner);
    const token = await shareQuote(h, owner, id);
    const declined = await client('POST', `/api/public/quotes/${token}/decline`, {
      reason: 'Over budget',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'declined',
      canRespond: false,
      decline: { reason: 'Over budget' },
    });
    expect((await quoteRow(id)).status).toBe('declined');
    const notes = await h.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(notes.map((n) => n.title)).toContain('Quote declined');
  });

  it('refuses answers on an expired quote', async () => {
    const id = await makeQuote(h, owner, { validUntil: '2020-01-01' });
    const token = await shareQuote(h, owner, id);
    const view = await client('GET', `/api/public/quotes/${token}`);
    expect(view.json()).toMatchObject({ status: 'expired', canRespond: false });
    const accept = await client('POST', `/api/public/quotes/${token}/accept`, {
      name: 'Jordan Client',
    });
    expect(accept.statusCode).toBe(409);
  });
});

describe('rate limits', () => {
  it('answers 429 once an address passes the answer limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await h.app.inject({
        method: 'POST',
        url: `/api/public/quotes/${newShareToken()}/decline`,
        remoteAddress: '192.0.2.50',
        payload: { reason: 'x' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
