import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { QuoteTemplate } from '#contract/quote-templates';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { markQuoteTemplateUsed, templateForQuote } from './service.ts';

let h: Harness;
let ann: SignedIn;
let ben: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  ann = await h.signIn({ modules: ['proposal'] });
  ben = await h.signIn({ modules: ['proposal'] });
});
afterAll(async () => {
  await h.close();
});

const create = async (user: SignedIn, name: string, isDefault = false) =>
  (
    await h.app.inject({
      method: 'POST',
      url: '/api/quote-templates',
      headers: user.headers,
      payload: {
        name,
        isDefault,
        content: { terms: `${name} terms`, lineItems: [{ label: 'Build', quantity: 10 }] },
      },
    })
  ).json() as QuoteTemplate;

describe('templateForQuote', () => {
  it('is null without templates, then the default, then the one asked for', async () => {
    expect(await templateForQuote(h.database.db, ann.user.id)).toBeNull();
    const plain = await create(ann, 'Plain');
    expect(await templateForQuote(h.database.db, ann.user.id)).toBeNull();
    const usual = await create(ann, 'Usual', true);
    const byDefault = await templateForQuote(h.database.db, ann.user.id);
    expect(byDefault).toMatchObject({ id: usual.id, name: 'Usual' });
    expect(byDefault?.content.terms).toBe('Usual terms');
    expect(byDefault?.content.lineItems[0]).toMatchObject({ label: 'Build', rateMinor: null });
    expect(byDefault?.content.validityDays).toBe(30);
    const asked = await templateForQuote(h.database.db, ann.user.id, plain.id);
    expect(asked?.content.terms).toBe('Plain terms');
  });

  it("refuses another user's template with 404", async () => {
    const bens = await create(ben, 'Bens');
    await expect(templateForQuote(h.database.db, ann.user.id, bens.id)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('markQuoteTemplateUsed', () => {
  it('counts each use with its time and logs it, in the caller’s transaction', async () => {
    const t = await create(ann, 'Counted');
    await h.database.db.transaction(async (tx) => {
      await markQuoteTemplateUsed(tx, ann.user.id, t.id, 'vitest');
    });
    await markQuoteTemplateUsed(h.database.db, ann.user.id, t.id);
    const read = (
      await h.app.inject({ url: `/api/quote-templates/${t.id}`, headers: ann.headers })
    ).json() as QuoteTemplate;
    expect(read.usageCount).toBe(2);
    expect(read.lastUsedAt).not.toBeNull();
    const logged = await h.database.db.select().from(activities);
    expect(
      logged.filter((a) => a.userId === ann.user.id && a.action === 'use_quote_template'),
    ).toHaveLength(2);

    // A failed quote save rolls the count back with it.
    await expect(
      h.database.db.transaction(async (tx) => {
        await markQuoteTemplateUsed(tx, ann.user.id, t.id);
        throw new Error('quote save failed');
      }),
    ).rejects.toThrow('quote save failed');
    const after = (
      await h.app.inject({ url: `/api/quote-templates/${t.id}`, headers: ann.headers })
    ).json() as QuoteTemplate;
    expect(after.usageCount).toBe(2);
  });

  it("refuses another user's template and counts nothing", async () => {
    const bens = await create(ben, 'Not yours');
    await expect(markQuoteTemplateUsed(h.database.db, ann.user.id, bens.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    const read = (
      await h.app.inject({ url: `/api/quote-templates/${bens.id}`, headers: ben.headers })
    ).json() as QuoteTemplate;
    expect(read.usageCount).toBe(0);
  });
});
