import { http, HttpResponse } from 'msw';

import type { MoneyTotals } from '@/contract/analytics-range';
import type {
  OptionalItemRow,
  QuoteAnalytics,
  QuoteStatusCount,
  QuoteTemplateRow,
} from '@/contract/quote-analytics';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

/**
 * Test data and a fake quote analytics API over MSW, for the page's tests. The totals follow
 * from the rows as the server's do, so a test can recompute what the page should show.
 */

export const WEB_TEMPLATE = '7b2d9f10-1111-4c3e-8a55-0f1e2d3c4b5a';

const RANGE = {
  from: '2026-10-24T00:00:00.000Z',
  to: '2026-11-23T00:00:00.000Z',
  previousFrom: '2026-09-24T00:00:00.000Z',
  previousTo: '2026-10-24T00:00:00.000Z',
  tz: 'UTC',
};

const usd = (amountMinor: number): MoneyTotals => [{ currency: 'USD', amountMinor }];

export const STATUS_ROWS: QuoteStatusCount[] = [
  { status: 'draft', reached: 12, current: 2, value: usd(180_000) },
  { status: 'sent', reached: 10, current: 2, value: usd(240_000) },
  { status: 'viewed', reached: 8, current: 1, value: usd(90_000) },
  {
    status: 'accepted',
    reached: 4,
    current: 4,
    value: [
      { currency: 'USD', amountMinor: 1_250_000 },
      { currency: 'EUR', amountMinor: 300_000 },
    ],
  },
  { status: 'declined', reached: 2, current: 2, value: usd(400_000) },
  { status: 'expired', reached: 1, current: 1, value: usd(75_000) },
];

export const TEMPLATE_ROWS: QuoteTemplateRow[] = [
  {
    key: WEB_TEMPLATE,
    label: 'Web build',
    created: 7,
    sent: 6,
    accepted: 3,
    acceptanceRate: 3 / 4,
    value: usd(1_500_000),
    acceptedValue: usd(1_000_000),
  },
  {
    key: 'none',
    label: 'No template',
    created: 5,
    sent: 4,
    accepted: 1,
    acceptanceRate: 1 / 3,
    value: [
      { currency: 'EUR', amountMinor: 300_000 },
      { currency: 'USD', amountMinor: 235_000 },
    ],
    acceptedValue: [{ currency: 'EUR', amountMinor: 300_000 }],
  },
];

export const OPTIONAL_ROWS: OptionalItemRow[] = [
  { label: 'SEO audit', offered: 4, ticked: 3, tickRate: 3 / 4 },
  { label: '=Hosting', offered: 2, ticked: 0, tickRate: 0 },
];

function sumOf(rows: QuoteStatusCount[], currency: string): number {
  return rows
    .flatMap((row) => row.value)
    .filter((amount) => amount.currency === currency)
    .reduce((sum, amount) => sum + amount.amountMinor, 0);
}

/** A report whose totals follow from the rows above. */
export function quoteAnalytics(overrides: Partial<QuoteAnalytics['totals']> = {}): QuoteAnalytics {
  const reached = (status: QuoteStatusCount['status']) =>
    STATUS_ROWS.find((row) => row.status === status)?.reached ?? 0;
  const accepted = reached('accepted');
  const decided = accepted + reached('declined') + reached('expired');
  const usdTotal = sumOf(STATUS_ROWS, 'USD');
  const eurTotal = sumOf(STATUS_ROWS, 'EUR');
  const acceptedRow = STATUS_ROWS.find((row) => row.status === 'accepted');
  return {
    range: RANGE,
    totals: {
      created: reached('draft'),
      sent: reached('sent'),
      viewed: reached('viewed'),
      accepted,
      declined: reached('declined'),
      expired: reached('expired'),
      acceptanceRate: accepted / decided,
      previousAcceptanceRate: 0.5,
      totalValue: [
        { currency: 'USD', amountMinor: usdTotal },
        { currency: 'EUR', amountMinor: eurTotal },
      ],
      averageValue: [
        { currency: 'EUR', amountMinor: eurTotal },
        // Eleven of the twelve quotes are in dollars, one in euros.
        { currency: 'USD', amountMinor: Math.round(usdTotal / 11) },
      ],
      acceptedValue: acceptedRow?.value ?? [],
      medianHoursToDecision: 30,
      meanHoursToDecision: 52.5,
      ...overrides,
    },
    byStatus: STATUS_ROWS,
    byTemplate: TEMPLATE_ROWS,
    optionalItems: OPTIONAL_ROWS,
  };
}

/** A report for a period without quotes. */
export function emptyQuoteAnalytics(): QuoteAnalytics {
  return {
    range: RANGE,
    totals: {
      created: 0,
      sent: 0,
      viewed: 0,
      accepted: 0,
      declined: 0,
      expired: 0,
      acceptanceRate: null,
      previousAcceptanceRate: 0.5,
      totalValue: [],
      averageValue: [],
      acceptedValue: [],
      medianHoursToDecision: null,
      meanHoursToDecision: null,
    },
    byStatus: STATUS_ROWS.map((row) => ({ ...row, reached: 0, current: 0, value: [] })),
    byTemplate: [],
    optionalItems: [],
  };
}

export type QuoteAnalyticsFake = { requests: URL[] };

/** Answers GET /api/analytics/quotes with `answer(n)` for the n-th request (0 first). */
export function quoteAnalyticsApiFake(
  answer: (index: number) => QuoteAnalytics | 'error' = () => quoteAnalytics(),
): QuoteAnalyticsFake {
  const fake: QuoteAnalyticsFake = { requests: [] };
  server.use(
    http.get(`${TEST_API}/api/analytics/quotes`, ({ request }) => {
      const index = fake.requests.length;
      fake.requests.push(new URL(request.url));
      const body = answer(index);
      if (body === 'error') {
        return HttpResponse.json(
          { error: { code: 'internal', message: 'The database is not answering' } },
          { status: 503 },
        );
      }
      return HttpResponse.json(body);
    }),
  );
  return fake;
}
