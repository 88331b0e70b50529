import { http, HttpResponse } from 'msw';

import type { LogActivityBody } from '@/contract/activity';
import {
  FUNNEL_STAGES,
  type Dashboard,
  type DashboardKpis,
  type EarningsPoint,
  type WeeklyReplyRate,
} from '@/contract/dashboard';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

/** Dashboard answers built from a few raw facts, and a fake API over MSW, for the page's tests. */

export const JOB_ID = '5a1e7c0e-0b7b-4f7e-9f51-0e2c1d3a4b01';
export const LEAD_ID = '5a1e7c0e-0b7b-4f7e-9f51-0e2c1d3a4b02';
export const ROOM_ID = '5a1e7c0e-0b7b-4f7e-9f51-0e2c1d3a4b03';
export const QUOTE_ID = '5a1e7c0e-0b7b-4f7e-9f51-0e2c1d3a4b04';

const RANGE = {
  from: '2026-02-14T00:00:00.000Z',
  to: '2026-03-16T00:00:00.000Z',
  previousFrom: '2026-01-15T00:00:00.000Z',
  previousTo: '2026-02-14T00:00:00.000Z',
  tz: 'UTC',
};

const none = { current: null, previous: null };

function emptyKpis(): DashboardKpis {
  return {
    responsesSent: { current: 0, previous: 0 },
    replyRate: none,
    interviewRate: none,
    hireRate: none,
    connectsSpent: { current: 0, previous: 0 },
    connectsPerReply: none,
    connectsPerHire: none,
    costPerReplyMinor: none,
    costPerHireMinor: none,
    earnings: { current: [], previous: [] },
    pipelineValue: { current: [], previous: [] },
    quotesAwaiting: { current: 0, previous: 0 },
  };
}

/** A new account: nothing sent or earned, two of the four first steps done. */
export function newUserDashboard(): Dashboard {
  return {
    range: RANGE,
    hasData: false,
    checklist: [
      { step: 'profile', done: true },
      { step: 'portfolio', done: false },
      { step: 'upwork', done: true },
      { step: 'response', done: false },
    ],
    kpis: emptyKpis(),
    charts: {
      earnings: { bucket: 'day', currency: 'USD', points: [], otherCurrencies: [] },
      funnel: FUNNEL_STAGES.map((stage) => ({ stage, count: 0 })),
      replyRateByWeek: [],
    },
    lists: {
      bestJobs: {
        items: [
          {
            id: JOB_ID,
            title: 'Shopify store migration',
            worthPerConnectMinor: 420,
            currency: 'USD',
            fit: 82,
            verdict: 'apply',
            postedAt: '2026-03-14T09:00:00.000Z',
          },
        ],
        total: 1,
      },
      dueLeads: { items: [], total: 0 },
      unreadRooms: { items: [], total: 0 },
      viewedQuotes: { items: [], total: 0 },
    },
  };
}

/** One response as the dashboard counts it: the furthest stage it reached and its Connects. */
export type SentResponse = {
  reached: (typeof FUNNEL_STAGES)[number];
  connects: number;
  week: string;
};

const STAGE_INDEX = Object.fromEntries(FUNNEL_STAGES.map((stage, index) => [stage, index]));

function reachedAtLeast(response: SentResponse, stage: (typeof FUNNEL_STAGES)[number]) {
  return (STAGE_INDEX[response.reached] ?? 0) >= (STAGE_INDEX[stage] ?? 0);
}

/** A dashboard whose numbers are worked out from the given responses and earnings points. */
export function activeDashboard(input: {
  responses: SentResponse[];
  previous: SentResponse[];
  earnings: EarningsPoint[];
}): Dashboard {
  const rate = (list: SentResponse[], stage: (typeof FUNNEL_STAGES)[number]) =>
    list.length === 0 ? null : list.filter((r) => reachedAtLeast(r, stage)).length / list.length;
  const connects = (list: SentResponse[]) => list.reduce((sum, r) => sum + r.connects, 0);
  const weeks = [...new Set(input.responses.map((r) => r.week))].sort();
  const replyRateByWeek: WeeklyReplyRate[] = weeks.map((weekStart) => {
    const ofWeek = input.responses.filter((r) => r.week === weekStart);
    const replied = ofWeek.filter((r) => reachedAtLeast(r, 'replied')).length;
    return { weekStart, sent: ofWeek.length, replied, rate: replied / ofWeek.length };
  });
  const net = input.earnings.reduce((sum, point) => sum + point.netMinor, 0);
  const base = newUserDashboard();
  return {
    ...base,
    hasData: true,
    checklist: base.checklist.map((step) => ({ ...step, done: true })),
    kpis: {
      ...emptyKpis(),
      responsesSent: { current: input.responses.length, previous: input.previous.length },
      replyRate: {
        current: rate(input.responses, 'replied'),
        previous: rate(input.previous, 'replied'),
      },
      interviewRate: {
        current: rate(input.responses, 'interview'),
        previous: rate(input.previous, 'interview'),
      },
      hireRate: {
        current: rate(input.responses, 'hired'),
        previous: rate(input.previous, 'hired'),
      },
      connectsSpent: { current: connects(input.responses), previous: connects(input.previous) },
      earnings: {
        current: net === 0 ? [] : [{ currency: 'USD', amountMinor: net }],
        previous: [],
      },
    },
    charts: {
      earnings: { bucket: 'day', currency: 'USD', points: input.earnings, otherCurrencies: [] },
      funnel: FUNNEL_STAGES.map((stage) => ({
        stage,
        count: input.responses.filter((r) => reachedAtLeast(r, stage)).length,
      })),
      replyRateByWeek,
    },
  };
}

/** Answers GET /api/analytics/dashboard with `dashboard` and records the queries and activity. */
export function dashboardApiFake(dashboard: Dashboard) {
  const state = { queries: [] as URLSearchParams[], activities: [] as LogActivityBody[] };
  server.use(
    http.get(`${TEST_API}/api/analytics/dashboard`, ({ request }) => {
      state.queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(dashboard);
    }),
    http.post(`${TEST_API}/api/activities/log`, async ({ request }) => {
      state.activities.push((await request.json()) as LogActivityBody);
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  return state;
}
