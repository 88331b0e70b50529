import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { QuoteTemplate } from '#contract/quote-templates';
import type { Quote } from '#contract/quotes-api';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { quotes } from '../../db/schema/quotes.ts';
import { addPortfolioItem, insertJob } from '../responses/test-helpers.ts';
import { extractRequirements } from './rfp-requirements.ts';
import { generateQuote, quoteEvent, stepEvents } from './test-helpers.ts';
import { readRfp } from './test-rfps.ts';

let h: Harness;
let dana: SignedIn;
const RFP = readRfp('ecommerce-redesign');
const RATE = 8_500;

beforeAll(async () => {
  h = await createHarness();
  dana = await h.signIn({ modules: ['proposal', 'portfolio'] });
  await h.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: dana.headers,
    payload: {
      name: 'Dana Reyes',
      title: 'Full-stack developer',
      overview: 'I build online stores.',
      skills: ['React', 'Stripe'],
      hourlyRateMinor: RATE,
      signature: 'Dana',
    },
  });
  await addPortfolioItem(h.app, dana.headers, {
    title: 'Stripe checkout for Brightcart',
    description: 'Rebuilt a shopping cart and Stripe checkout with customer accounts.',
    skills: ['Stripe', 'React'],
  });
});
afterAll(async () => h.close());

const getQuote = async (id: string, headers = dana.headers) =>
  h.app.inject({ url: `/api/quotes/${id}`, headers });

const quoteCount = async (userId: string) => {
  const [row] = await h.database.db
    .select({ n: count() })
    .from(quotes)
    .where(eq(quotes.userId, userId));
  return row?.n ?? 0;
};

describe('POST /api/quotes/generate (offline engine)', () => {
  it('streams the five steps in order, then the saved quote, then end', async () => {
    const { res, events } = await generateQuote(h.app, dana.headers, {
      rfpText: RFP,
      rfpFileName: 'harbor-pine.pdf',
      currency: 'USD',
      rateMinor: RATE,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body.startsWith(': generating')).toBe(true);
    const steps = stepEvents(events);
    expect(steps.map((s) => `${s.step}:${s.state}`)).toEqual([
      'reading:started',
      'reading:done',
      'requirements:started',
      'requirements:done',
      'portfolio:started',
      'portfolio:done',
      'estimating:started',
      'estimating:done',
      'checking:started',
      'checking:done',
    ]);
    const done = (step: string) => steps.find((s) => s.step === step && s.state === 'done')!.detail;
    const requirements = extractRequirements(RFP);
    expect(done('reading')).toMatch(/^harbor-pine\.pdf: [\d,]+ words, [\d,]+ characters$/);
    expect(done('requirements')).toBe(`${requirements.length} requirements found`);
    expect(done('portfolio')).toBe('1 related portfolio item');
    expect(done('estimating')).toMatch(/^\d+ lines, [\d.,]+ hours$/);
    expect(done('checking')).toBe('Every requirement is in scope');
    expect(events.at(-1)).toEqual({ type: 'end', data: { stopped: false } });
    expect(events.at(-2)?.type).toBe('quote');

    const saved = quoteEvent(events)!;
    expect(saved).toMatchObject({ offline: true, missingRequirementIds: [] });
    const got = await getQuote(saved.quoteId);
    expect(got.statusCode).toBe(200);
    const quote = got.json<Quote>();
    expect(quote.offline).toBe(true);
    expect(quote.status).toBe('draft');
    expect(quote.missingRequirementIds).toEqual([]);
    expect(quote.requirements.map((r) => r.id)).toEqual(requirements.map((r) => r.id));
    expect(quote.document.understanding).toContain('**Stripe checkout for Brightcart**');
    for (const line of quote.document.lineItems) expect(line.rateMinor).toBe(RATE);
    expect(quote.totals.totalMinor).toBeGreaterThan(0);
  });

  it('applies a quote template: sections with variables filled, lines, assumptions, validity, tax', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/quote-templates',
      headers: dana.headers,
      payload: {
        name: 'Store builds',
        content: {
          summary: 'Hello {{client_name}}, I am {{my_name}}, {{my_title}}, at {{rate}}.',
          terms: 'Payment within 14 days of each milestone. Valid until {{valid_until}}.',
          assumptions: ['Hosting is on the client’s account'],
          lineItems: [{ label: 'Launch support', quantity: 6, rateMinor: null }],
          validityDays: 14,
          taxBasisPoints: 2000,
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const template = created.json<QuoteTemplate>();
    const { events } = await generateQuote(h.app, dana.headers, {
      rfpText: RFP,
      currency: 'USD',
      rateMinor: RATE,
      templateId: template.id,
    });
    const quote = (await getQuote(quoteEvent(events)!.quoteId)).json<Quote>();
    const document = quote.document;
    expect(quote.templateId).toBe(template.id);
    expect(document.summary).toMatch(
      // The client's name comes from the RFP, the rest from the profile and the chosen rate.
      /^Hello Harbor & Pine Outfitters, I am Dana Reyes, Full-stack developer, at \$85\/hr\.\n\n/,
    );
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(document.validUntil).toBe(validUntil);
    expect(document.terms).toBe(
      `Payment within 14 days of each milestone. Valid until ${validUntil}.`,
    );
    expect(document.taxBasisPoints).toBe(2000);
    expect(document.assumptions.map((a) => a.text)).toContain('Hosting is on the client’s account');
    const launch = document.lineItems.find((line) => line.label === 'Launch support');
    expect(launch).toMatchObject({ quantity: 6, rateMinor: RATE });
    expect(document.milestones.at(-1)!.lineItemIds).toContain(launch!.id);

    const used = await h.app.inject({
      url: `/api/quote-templates/${template.id}`,
      headers: dana.headers,
    });
    expect(used.json<QuoteTemplate>().usageCount).toBe(1);
  });

  it('leaves a rate marker when no rate is given', async () => {
    const { events } = await generateQuote(h.app, dana.headers, {
      rfpText: RFP,
      currency: 'EUR',
      rateMinor: null,
    });
    const quote = (await getQuote(quoteEvent(events)!.quoteId)).json<Quote>();
    expect(quote.currency).toBe('EUR');
    expect(quote.document.summary).toContain('[Add: your hourly rate]');
    for (const line of quote.document.lineItems) {
      expect(line.rateMinor).toBe(0);
      expect(line.description).toContain('Rate: [Add: your hourly rate].');
    }
  });

  it('answers 404 for another user’s job, response or template, and writes nothing', async () => {
    const other = await h.signIn({ modules: ['proposal'] });
    const job = await insertJob(h.database.db, dana.user.id, {
      title: 'Store build',
      description: RFP,
    });
    const before = await quoteCount(other.user.id);
    for (const field of ['jobId', 'responseId', 'templateId'] as const) {
      const { res } = await generateQuote(h.app, other.headers, {
        rfpText: RFP,
        currency: 'USD',
        rateMinor: RATE,
        [field]: field === 'jobId' ? job.id : crypto.randomUUID(),
      });
      expect(res.statusCode, field).toBe(404);
    }
    expect(await quoteCount(other.user.id)).toBe(before);

    const own = await generateQuote(h.app, dana.headers, {
      rfpText: RFP,
      currency: 'USD',
      rateMinor: RATE,
      jobId: job.id,
    });
    const quote = (await getQuote(quoteEvent(own.events)!.quoteId)).json<Quote>();
    expect(quote.jobId).toBe(job.id);
  });

  it('answers 400 for empty or too short text, with the message to show', async () => {
    const before = await quoteCount(dana.user.id);
    for (const rfpText of ['', '   ', 'Build a site.']) {
      const { res } = await generateQuote(h.app, dana.headers, {
        rfpText,
        currency: 'USD',
        rateMinor: RATE,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Paste the RFP');
    }
    expect(await quoteCount(dana.user.id)).toBe(before);
  });

  it('is for users with the proposal module only', async () => {
    const writer = await h.signIn({ modules: ['response'] });
    const { res } = await generateQuote(h.app, writer.headers, {
      rfpText: RFP,
      currency: 'USD',
      rateMinor: RATE,
    });
    expect(res.statusCode).toBe(403);
  });
});
