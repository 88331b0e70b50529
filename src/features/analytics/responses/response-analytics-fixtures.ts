import { http, HttpResponse } from 'msw';

import type { FunnelStep } from '@/contract/dashboard';
import type {
  Breakdown,
  BreakdownRow,
  Calibration,
  CompareResult,
  ResponseAnalytics,
} from '@/contract/response-analytics';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

/** Test data and a fake response analytics API over MSW, for the page's tests. */

export const TEMPLATE_SHORT = '5a0c1e8e-1111-4a53-9d0e-5c1a0c7d6a11';
export const TEMPLATE_STORY = '5a0c1e8e-2222-4a53-9d0e-5c1a0c7d6a11';

const RANGE = {
  from: '2026-10-24T00:00:00.000Z',
  to: '2026-11-23T00:00:00.000Z',
  previousFrom: '2026-09-24T00:00:00.000Z',
  previousTo: '2026-10-24T00:00:00.000Z',
  tz: 'UTC',
};

type RowCounts = Pick<BreakdownRow, 'key' | 'label' | 'sent' | 'replied'> &
  Partial<Pick<BreakdownRow, 'interviews' | 'hired' | 'connects' | 'revenue'>>;

/** A breakdown row whose rates follow from its counts, as the server's do. */
export function breakdownRow(counts: RowCounts): BreakdownRow {
  const interviews = counts.interviews ?? 0;
  const hired = counts.hired ?? 0;
  return {
    interviews,
    hired,
    connects: counts.sent * 16,
    revenue: [],
    ...counts,
    replyRate: counts.sent > 0 ? counts.replied / counts.sent : null,
    hireRate: counts.sent > 0 ? hired / counts.sent : null,
  };
}

export const FUNNEL: FunnelStep[] = [
  { stage: 'sent', count: 80 },
  { stage: 'viewed', count: 56 },
  { stage: 'replied', count: 18 },
  { stage: 'interview', count: 7 },
  { stage: 'hired', count: 3 },
];

export const TEMPLATE_ROWS: BreakdownRow[] = [
  breakdownRow({
    key: TEMPLATE_SHORT,
    label: 'Short and direct',
    sent: 50,
    replied: 8,
    interviews: 3,
    hired: 1,
    revenue: [{ currency: 'USD', amountMinor: 150_000 }],
  }),
  breakdownRow({
    key: TEMPLATE_STORY,
    label: 'Case study first',
    sent: 24,
    replied: 9,
    interviews: 4,
    hired: 2,
    revenue: [{ currency: 'USD', amountMinor: 420_000 }],
  }),
  breakdownRow({ key: 'none', label: 'No template', sent: 6, replied: 1 }),
];

export const VARIANT_A = breakdownRow({
  key: 'A',
  label: 'Variant A',
  sent: 41,
  replied: 7,
  hired: 1,
});
export const VARIANT_B = breakdownRow({
  key: 'B',
  label: 'Variant B',
  sent: 39,
  replied: 11,
  hired: 2,
});
export const VARIANT_ROWS: BreakdownRow[] = [VARIANT_A, VARIANT_B];

export const CALIBRATION: Calibration = {
  rows: [
    {
      bucket: '0-39',
      sent: 12,
      replied: 1,
      hired: 0,
      replyRate: 1 / 12,
      hireRate: 0,
      modelHireRate: 0.02,
    },
    {
      bucket: '40-59',
      sent: 20,
      replied: 4,
      hired: 1,
      replyRate: 0.2,
      hireRate: 0.05,
      modelHireRate: 0.04,
    },
    {
      bucket: '60-79',
      sent: 25,
      replied: 7,
      hired: 1,
      replyRate: 0.28,
      hireRate: 0.04,
      modelHireRate: 0.07,
    },
    {
      bucket: '80-100',
      sent: 15,
      replied: 6,
      hired: 1,
      replyRate: 0.4,
      hireRate: 1 / 15,
      modelHireRate: 0.1,
    },
  ],
  scoredSends: 72,
  minSends: 30,
  ownRatesInUse: true,
  summary: 'Higher fit scores are replied to more often: 8% under 40, 40% from 80.',
};

function breakdownsOf(): Breakdown[] {
  return [
    { dimension: 'template', rows: TEMPLATE_ROWS },
    { dimension: 'variant', rows: VARIANT_ROWS },
    {
      dimension: 'category',
      rows: [breakdownRow({ key: 'Web', label: 'Web', sent: 80, replied: 18 })],
    },
    { dimension: 'fit', rows: [] },
    { dimension: 'hour', rows: [] },
    { dimension: 'weekday', rows: [] },
    { dimension: 'portfolio', rows: [] },
    { dimension: 'bid', rows: [] },
  ];
}

export function responseAnalytics(overrides: Partial<ResponseAnalytics> = {}): ResponseAnalytics {
  const sent = FUNNEL[0]?.count ?? 0;
  const replied = FUNNEL[2]?.count ?? 0;
  const hired = FUNNEL[4]?.count ?? 0;
  const connects = sent * 16;
  return {
    range: RANGE,
    funnel: FUNNEL,
    totals: {
      sent,
      connects,
      connectsPerReply: connects / replied,
      connectsPerHire: connects / hired,
      revenue: [{ currency: 'USD', amountMinor: 570_000 }],
      revenuePerResponse: [{ currency: 'USD', amountMinor: Math.round(570_000 / sent) }],
    },
    breakdowns: breakdownsOf(),
    calibration: CALIBRATION,
    ...overrides,
  };
}

/** A comparison whose arms come from two breakdown rows. */
export function compareResult(
  a: BreakdownRow,
  b: BreakdownRow,
  overrides: Partial<CompareResult> = {},
): CompareResult {
  const arm = (row: BreakdownRow) => ({
    key: row.key,
    label: row.label,
    sent: row.sent,
    replied: row.replied,
    replyRate: row.replyRate,
    low: (row.replyRate ?? 0) * 0.6,
    high: Math.min(1, (row.replyRate ?? 0) * 1.5),
  });
  const difference = (b.replyRate ?? 0) - (a.replyRate ?? 0);
  return {
    range: RANGE,
    kind: 'variant',
    a: arm(a),
    b: arm(b),
    difference,
    differenceLow: difference - 0.15,
    differenceHigh: difference + 0.12,
    method: 'newcombe-wilson',
    certain: false,
    sendsNeededPerArm: 240,
    verdict: 'b_better',
    sentence:
      'B replies more often (28% vs 17%); not yet certain: about 240 sends each would tell them apart.',
    ...overrides,
  };
}

export type ResponseAnalyticsFake = {
  /** Every GET /api/analytics/responses and /compare, in order. */
  analyticsRequests: URL[];
  compareRequests: URL[];
};

/** Answers the page's two reads; `compare` decides the comparison from the query. */
export function responseAnalyticsApiFake(
  data: ResponseAnalytics = responseAnalytics(),
  compare: (url: URL) => CompareResult = () => compareResult(VARIANT_A, VARIANT_B),
): ResponseAnalyticsFake {
  const fake: ResponseAnalyticsFake = { analyticsRequests: [], compareRequests: [] };
  server.use(
    http.get(`${TEST_API}/api/analytics/responses`, ({ request }) => {
      fake.analyticsRequests.push(new URL(request.url));
      return HttpResponse.json(data);
    }),
    http.get(`${TEST_API}/api/analytics/responses/compare`, ({ request }) => {
      const url = new URL(request.url);
      fake.compareRequests.push(url);
      return HttpResponse.json(compare(url));
    }),
  );
  return fake;
}
