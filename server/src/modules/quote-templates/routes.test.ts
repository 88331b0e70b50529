import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { QuoteTemplate, QuoteTemplateList } from '#contract/quote-templates';
import type { Template } from '#contract/templates';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';

let h: Harness;
let ann: SignedIn;
let ben: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  ann = await h.signIn({ modules: ['proposal', 'response'] });
  ben = await h.signIn({ modules: ['proposal', 'response'] });
});
afterAll(async () => {
  await h.close();
});

const content = {
  summary: 'Hi {{client_name}}, here is how I would build {{project_title}}.',
  understanding: 'You need a booking system.',
  timeline: 'Four weeks.',
  terms: 'Half up front. Valid until {{valid_until}}.',
  assumptions: ['You provide the designs'],
  lineItems: [
    { label: 'Discovery', quantity: 4, unit: 'hours', rateMinor: null },
    { label: 'Hosting setup', quantity: 1, unit: 'units', rateMinor: 25_000, optional: true },
  ],
  validityDays: 14,
  taxBasisPoints: 2_000,
};

const create = (user: SignedIn, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/api/quote-templates', headers: user.headers, payload });
const list = async (user: SignedIn, q?: string) =>
  (
    await h.app.inject({
      url: `/api/quote-templates${q ? `?q=${encodeURIComponent(q)}` : ''}`,
      headers: user.headers,
    })
  ).json() as QuoteTemplateList;

describe('quote templates', () => {
  it('creates, lists, searches, reads, edits and deletes, logging each change', async () => {
    const created = await create(ann, { name: 'Web build', content });
    expect(created.statusCode).toBe(201);
    const t = created.json() as QuoteTemplate;
    expect(t.content.lineItems[0]).toEqual({
      label: 'Discovery',
      description: '',
      quantity: 4,
      unit: 'hours',
      rateMinor: null,
      optional: false,
    });
    expect(t.content.validityDays).toBe(14);
    expect(t.variables).toEqual(['client_name', 'project_title', 'valid_until']);
    expect(t.unknownVariables).toEqual([]);
    expect(t.isDefault).toBe(false);
    expect(t.usageCount).toBe(0);

    expect((await list(ann)).items.map((item) => item.id)).toEqual([t.id]);
    expect((await list(ann, 'booking')).items).toHaveLength(1);
    expect((await list(ann, 'hosting setup')).items).toHaveLength(1);
    expect((await list(ann, 'kubernetes')).items).toHaveLength(0);

    const edited = await h.app.inject({
      method: 'PATCH',
      url: `/api/quote-templates/${t.id}`,
      headers: ann.headers,
      payload: { name: 'Web build v2', content: { ...content, terms: 'Net 30.' } },
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as QuoteTemplate).content.terms).toBe('Net 30.');
    expect((edited.json() as QuoteTemplate).variables).toEqual(['client_name', 'project_title']);
    const read = await h.app.inject({ url: `/api/quote-templates/${t.id}`, headers: ann.headers });
    expect((read.json() as QuoteTemplate).name).toBe('Web build v2');

    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/quote-templates/${t.id}`,
      headers: ann.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await h.app.inject({ url: `/api/quote-templates/${t.id}`, headers: ann.headers }))
        .statusCode,
    ).toBe(404);
    const logged = await h.database.db.select().from(activities);
    expect(
      logged.filter((a) => a.userId === ann.user.id && a.templateName?.startsWith('Web build')),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'create_quote_template', templateName: 'Web build' }),
        expect.objectContaining({ action: 'edit_quote_template', templateName: 'Web build v2' }),
        expect.objectContaining({ action: 'delete_quote_template', templateName: 'Web build v2' }),
      ]),
    );
  });

  it('keeps one default per user, by flag or by the default route', async () => {
    const first = (
      await create(ann, { name: 'A', content, isDefault: true })
    ).json() as QuoteTemplate;
    const second = (
      await create(ann, { name: 'B', content, isDefault: true })
    ).json() as QuoteTemplate;
    const defaults = () =>
      list(ann).then((page) => page.items.filter((t) => t.isDefault).map((t) => t.id));
    expect(await defaults()).toEqual([second.id]);
    const made = await h.app.inject({
      method: 'POST',
      url: `/api/quote-templates/${first.id}/default`,
      headers: ann.headers,
    });
    expect(made.statusCode).toBe(200);
    expect(await defaults()).toEqual([first.id]);
    await h.app.inject({
      method: 'PATCH',
      url: `/api/quote-templates/${second.id}`,
      headers: ann.headers,
      payload: { isDefault: true },
    });
    expect(await defaults()).toEqual([second.id]);
    // The default comes first in the list.
    expect((await list(ann)).items[0]!.id).toBe(second.id);
    // Another user's default is their own business.
    const bens = (
      await create(ben, { name: 'Ben', content, isDefault: true })
    ).json() as QuoteTemplate;
    expect(bens.isDefault).toBe(true);
    expect(await defaults()).toEqual([second.id]);
  });

  it('refuses unknown variables anywhere in the template, naming them, and writes nothing', async () => {
    const before = (await list(ann)).items.length;
    const refused = await create(ann, {
      name: 'Bad',
      content: {
        ...content,
        timeline: 'Starts {{start_date}}',
        lineItems: [{ label: 'Work for {{job_title}}', quantity: 1 }],
      },
    });
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as {
      error: { code: string; message: string; details: { unknownVariables: string[] } };
    };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.unknownVariables).toEqual(['start_date', 'job_title']);
    expect(body.error.message).toContain('{{start_date}}, {{job_title}}');
    expect(body.error.message).toContain('{{client_name}}');
    expect((await list(ann)).items).toHaveLength(before);

    const t = (await create(ann, { name: 'Fine', content })).json() as QuoteTemplate;
    const badEdit = await h.app.inject({
      method: 'PATCH',
      url: `/api/quote-templates/${t.id}`,
      headers: ann.headers,
      payload: { content: { ...content, assumptions: ['{{budget}} is fixed'] } },
    });
    expect(badEdit.statusCode).toBe(400);
    expect((badEdit.json() as { error: { message: string } }).error.message).toContain(
      '{{budget}}',
    );
  });

  it("answers 404 for another user's template on every route", async () => {
    const t = (await create(ann, { name: 'Private', content })).json() as QuoteTemplate;
    const url = `/api/quote-templates/${t.id}`;
    const answers = await Promise.all([
      h.app.inject({ url, headers: ben.headers }),
      h.app.inject({ method: 'PATCH', url, headers: ben.headers, payload: { name: 'Mine' } }),
      h.app.inject({ method: 'POST', url: `${url}/default`, headers: ben.headers }),
      h.app.inject({ method: 'DELETE', url, headers: ben.headers }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await list(ben)).items.map((item) => item.name)).not.toContain('Private');
    const still = await h.app.inject({ url, headers: ann.headers });
    expect((still.json() as QuoteTemplate).name).toBe('Private');
  });

  it('keeps response and quote templates apart', async () => {
    const quote = (await create(ann, { name: 'Quote only', content })).json() as QuoteTemplate;
    const response = (
      await h.app.inject({
        method: 'POST',
        url: '/api/templates',
        headers: ann.headers,
        payload: { name: 'Response only', body: 'Hi {{client_name}}' },
      })
    ).json() as Template;

    const refusedCreate = await h.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: ann.headers,
      payload: { kind: 'quote', name: 'Sneaky', body: 'Hi' },
    });
    expect(refusedCreate.statusCode).toBe(400);
    expect((refusedCreate.json() as { error: { message: string } }).error.message).toBe(
      'Quote templates live at /api/quote-templates.',
    );
    const refusedList = await h.app.inject({
      url: '/api/templates?kind=quote',
      headers: ann.headers,
    });
    expect(refusedList.statusCode).toBe(400);

    const responses = (
      await h.app.inject({ url: '/api/templates', headers: ann.headers })
    ).json() as { items: Template[] };
    expect(responses.items.map((t) => t.name)).not.toContain('Quote only');
    expect(responses.items.map((t) => t.name)).not.toContain('Sneaky');
    expect((await list(ann)).items.map((t) => t.name)).not.toContain('Response only');

    const quoteViaResponses = await Promise.all([
      h.app.inject({ url: `/api/templates/${quote.id}`, headers: ann.headers }),
      h.app.inject({
        method: 'PATCH',
        url: `/api/templates/${quote.id}`,
        headers: ann.headers,
        payload: { name: 'x' },
      }),
      h.app.inject({ method: 'POST', url: `/api/templates/${quote.id}/use`, headers: ann.headers }),
      h.app.inject({ method: 'DELETE', url: `/api/templates/${quote.id}`, headers: ann.headers }),
    ]);
    expect(quoteViaResponses.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    const responseViaQuotes = await Promise.all([
      h.app.inject({ url: `/api/quote-templates/${response.id}`, headers: ann.headers }),
      h.app.inject({
        method: 'DELETE',
        url: `/api/quote-templates/${response.id}`,
        headers: ann.headers,
      }),
    ]);
    expect(responseViaQuotes.map((answer) => answer.statusCode)).toEqual([404, 404]);
  });

  it('is only for users with quotes', async () => {
    const responder = await h.signIn({ modules: ['response'] });
    const answer = await h.app.inject({ url: '/api/quote-templates', headers: responder.headers });
    expect(answer.statusCode).toBe(403);
  });
});
