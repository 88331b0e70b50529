import type { DashboardKpis, KpiNumber, WeeklyReplyRate } from '#contract/dashboard';

import { bucketStarts, datesOfWindow } from './local-dates.ts';
import { reachedAtLeast, type ResponseFact } from './response-facts.ts';

/**
 * The response figures of the dashboard, from the responses sent in each period: how many, the
 * share that reached replied, interview and hired (each counts the later stages too), the
 * Connects they cost, and Connects and money per reply and per hire. A rate or a "per" figure is
 * null when there is nothing to divide by.
 */

/**
 * What one Connect costs, in USD cents. Browse Jobs prices Connects the same way (its scoring
 * rules); analytics keeps its own copy because the jobs area reads analytics, not the reverse.
 */
export const CONNECT_PRICE_MINOR = 15;

type ResponseKpiKey =
  | 'responsesSent'
  | 'replyRate'
  | 'interviewRate'
  | 'hireRate'
  | 'connectsSpent'
  | 'connectsPerReply'
  | 'connectsPerHire'
  | 'costPerReplyMinor'
  | 'costPerHireMinor';

export type ResponseKpis = Pick<DashboardKpis, ResponseKpiKey>;

type Figures = Record<ResponseKpiKey, number | null>;

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

function figuresOf(facts: ResponseFact[]): Figures {
  const sent = facts.length;
  const replied = facts.filter((fact) => reachedAtLeast(fact, 'replied')).length;
  const interviews = facts.filter((fact) => reachedAtLeast(fact, 'interview')).length;
  const hired = facts.filter((fact) => reachedAtLeast(fact, 'hired')).length;
  const connects = facts.reduce((total, fact) => total + fact.connects, 0);
  const perReply = ratio(connects, replied);
  const perHire = ratio(connects, hired);
  return {
    responsesSent: sent,
    replyRate: ratio(replied, sent),
    interviewRate: ratio(interviews, sent),
    hireRate: ratio(hired, sent),
    connectsSpent: connects,
    connectsPerReply: perReply,
    connectsPerHire: perHire,
    costPerReplyMinor: perReply === null ? null : Math.round(perReply * CONNECT_PRICE_MINOR),
    costPerHireMinor: perHire === null ? null : Math.round(perHire * CONNECT_PRICE_MINOR),
  };
}

/** The response KPIs of the period beside the previous one. */
export function responseKpis(current: ResponseFact[], previous: ResponseFact[]): ResponseKpis {
  const now = figuresOf(current);
  const before = figuresOf(previous);
  const pair = (key: ResponseKpiKey): KpiNumber => ({ current: now[key], previous: before[key] });
  return {
    responsesSent: pair('responsesSent'),
    replyRate: pair('replyRate'),
    interviewRate: pair('interviewRate'),
    hireRate: pair('hireRate'),
    connectsSpent: pair('connectsSpent'),
    connectsPerReply: pair('connectsPerReply'),
    connectsPerHire: pair('connectsPerHire'),
    costPerReplyMinor: pair('costPerReplyMinor'),
    costPerHireMinor: pair('costPerHireMinor'),
  };
}

/** Reply rate for every week the period touches (Mondays in tz), weeks without sends included. */
export function replyRateByWeek(
  facts: ResponseFact[],
  window: { from: Date; to: Date },
  tz: string,
): WeeklyReplyRate[] {
  const { first, last } = datesOfWindow(window, tz);
  const weeks = new Map(
    bucketStarts(first, last, 'week').map((weekStart) => [
      weekStart,
      { weekStart, sent: 0, replied: 0, rate: null as number | null },
    ]),
  );
  for (const fact of facts) {
    const week = weeks.get(fact.weekStartLocal);
    if (!week) continue;
    week.sent += 1;
    if (reachedAtLeast(fact, 'replied')) week.replied += 1;
  }
  return [...weeks.values()].map((week) => ({ ...week, rate: ratio(week.replied, week.sent) }));
}
