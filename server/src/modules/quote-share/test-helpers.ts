import type { QuoteDocument } from '#contract/quotes';
import type { Harness, SignedIn } from '#test-support/server-harness';

import { createQuote } from '../quotes/service.ts';

/** A small quote with one required and one optional line, 10 % tax, two milestones. */
export function shareTestDocument(overrides: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    title: 'Checkout rebuild',
    clientName: 'Acme Stores',
    summary: 'We rebuild **checkout**.\n\n<script>alert(1)</script>[site](javascript:alert(1))',
    understanding: 'You need a faster checkout. See [the brief](https://example.com/brief).',
    scope: {
      in: [{ text: 'Cart and payment pages', requirementIds: ['req-secret-1'] }],
      out: [{ text: 'Mobile apps', requirementIds: [] }],
    },
    deliverables: [{ id: 'd1', title: 'Checkout pages', description: 'Cart, payment, receipt' }],
    milestones: [
      { id: 'm1', name: 'Build', durationDays: 10, deliverableIds: ['d1'], lineItemIds: ['l1'] },
      { id: 'm2', name: 'Extras', durationDays: 5, deliverableIds: [], lineItemIds: ['l2'] },
    ],
    assumptions: [{ text: 'Stripe stays the processor', requirementIds: [] }],
    risks: [{ risk: 'Payment provider delays', mitigation: 'Sandbox first' }],
    timeline: 'Three weeks.',
    terms: 'Half up front.',
    status: 'draft',
    currency: 'USD',
    validUntil: '2099-12-31',
    lineItems: [
      {
        id: 'l1',
        label: 'Checkout pages',
        kind: 'task',
        description: 'Build',
        quantity: 10,
        unit: 'hours',
        rateMinor: 10_000,
        optional: false,
        selected: false,
        requirementIds: ['req-secret-1'],
      },
      {
        id: 'l2',
        label: 'Analytics events',
        kind: 'task',
        description: 'Optional tracking',
        quantity: 5,
        unit: 'hours',
        rateMinor: 10_000,
        optional: true,
        selected: false,
        requirementIds: [],
      },
    ],
    discount: null,
    taxBasisPoints: 1_000,
    ...overrides,
  };
}

export const SECRET_RFP_TEXT = 'Confidential RFP body: budget ceiling 90k, internal code PX-7731.';

export async function makeQuote(
  h: Harness,
  owner: SignedIn,
  overrides: Partial<QuoteDocument> = {},
): Promise<string> {
  const { id } = await createQuote(
    h.database.db,
    owner.user.id,
    {
      document: shareTestDocument(overrides),
      requirements: [
        { id: 'req-secret-1', text: 'Secret requirement', sentence: 'Secret requirement.' },
      ],
      rfpText: SECRET_RFP_TEXT,
      offline: true,
    },
    {},
  );
  return id;
}

/** Creates a share link through the API and answers its token. */
export async function shareQuote(
  h: Harness,
  owner: SignedIn,
  quoteId: string,
  expiresOn: string | null = null,
): Promise<string> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/quotes/${quoteId}/share`,
    headers: owner.headers,
    payload: { expiresOn },
  });
  if (response.statusCode !== 201) throw new Error(`share failed: ${response.body}`);
  const path = (response.json() as { path: string }).path;
  return path.slice('/q/'.length);
}

let address = 0;
/** A fresh client address per call, so the per-address limits of one test never touch another. */
export function nextClientAddress(): string {
  address += 1;
  return `198.51.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}
