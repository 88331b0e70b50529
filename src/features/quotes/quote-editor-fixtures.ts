import { http, HttpResponse } from 'msw';

import type { Quote } from '@/contract/quotes-api';
import type { QuoteDocument } from '@/contract/quotes';
import { backendUserJson, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

/** Test data for the quote editor: one quote with two priced lines and two milestones. */
export const QUOTE_ID = '22222222-2222-4222-8222-222222222222';

export function quoteDocument(overrides: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    title: 'Checkout rebuild',
    clientName: 'Acme Ltd',
    summary: 'We rebuild the checkout in React.',
    understanding: 'The checkout is slow.',
    scope: { in: [{ text: 'Checkout page', requirementIds: ['r1'] }], out: [] },
    deliverables: [{ id: 'd1', title: 'Checkout', description: '' }],
    milestones: [
      {
        id: 'm1',
        name: 'Design',
        durationDays: 5,
        deliverableIds: [],
        lineItemIds: ['line-design'],
        dueDate: '2026-12-01',
      },
      {
        id: 'm2',
        name: 'Build',
        durationDays: 10,
        deliverableIds: ['d1'],
        lineItemIds: ['line-build'],
      },
    ],
    assumptions: [],
    risks: [],
    timeline: 'Three weeks.',
    terms: 'Net 14.',
    status: 'draft',
    currency: 'USD',
    validUntil: '2099-12-31',
    lineItems: [line('line-design', 'Design', 10, 10_000), line('line-build', 'Build', 20, 8_000)],
    discount: null,
    taxBasisPoints: 0,
    ...overrides,
  };
}

function line(id: string, label: string, quantity: number, rateMinor: number) {
  return {
    id,
    label,
    kind: 'task' as const,
    description: '',
    quantity,
    unit: 'hours' as const,
    rateMinor,
    optional: false,
    selected: false,
    requirementIds: [],
  };
}

export function storedQuote(overrides: Partial<Quote> = {}): Quote {
  const document = overrides.document ?? quoteDocument();
  return {
    id: QUOTE_ID,
    title: document.title,
    clientName: document.clientName,
    status: document.status,
    statusChangedAt: '2026-11-20T10:00:00.000Z',
    statusHistory: [{ status: 'draft', at: '2026-11-20T10:00:00.000Z' }],
    currency: document.currency,
    validUntil: document.validUntil,
    document,
    requirements: [{ id: 'r1', text: 'A faster checkout', sentence: 'We need a faster checkout.' }],
    missingRequirementIds: [],
    totals: { subtotalMinor: 260_000, discountMinor: 0, taxMinor: 0, totalMinor: 260_000 },
    version: 3,
    jobId: null,
    responseId: null,
    leadId: null,
    templateId: null,
    offline: true,
    model: null,
    share: null,
    acceptance: null,
    decline: null,
    locked: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export type SavedBody = { document: QuoteDocument; baseVersion: number };

/**
 * The editor's API: GET answers `quote()` (so a test can change what the server holds), PUT
 * records each body in `saves` and answers with the next version, or with `putAnswer` when set.
 */
export function quoteEditorApi(options: {
  quote: () => Quote;
  saves?: SavedBody[];
  putAnswer?: () => Response | undefined;
}) {
  let version = options.quote().version;
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json([backendUserJson()])),
    http.get(`${TEST_API}/api/quotes/${QUOTE_ID}`, () => HttpResponse.json(options.quote())),
    http.get(`${TEST_API}/api/quotes/${QUOTE_ID}/versions`, () => HttpResponse.json({ items: [] })),
    http.put(`${TEST_API}/api/quotes/${QUOTE_ID}`, async ({ request }) => {
      const body = (await request.json()) as SavedBody;
      options.saves?.push(body);
      const answer = options.putAnswer?.();
      if (answer) return answer;
      version += 1;
      return HttpResponse.json(storedQuote({ document: body.document, version }));
    }),
  );
}
