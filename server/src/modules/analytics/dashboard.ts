import type { Dashboard } from '#contract/dashboard';

import type { Database } from '../../db/client.ts';
import { beginnings } from './checklist.ts';
import { dashboardLists } from './dashboard-lists.ts';
import { earnings } from './earnings.ts';
import { pipelineValue, quotesAwaiting } from './pipeline.ts';
import { resolvedRangeOf, type AnalyticsRange } from './range.ts';
import { funnelOf, sentResponseFacts } from './response-facts.ts';
import { replyRateByWeek, responseKpis } from './response-kpis.ts';

/**
 * The dashboard of one user for a period: the KPIs beside the previous period, the three
 * charts, the four lists and the first-steps checklist. Each concept is one query, run side by
 * side; the responses of both periods are read in one pass and split by their sent time.
 */
export async function dashboard(
  db: Database,
  userId: string,
  range: AnalyticsRange,
  now: Date,
): Promise<Dashboard> {
  // Figures "at the end of the period" cannot look past today.
  const asAt = {
    current: new Date(Math.min(range.to.getTime(), now.getTime())),
    previous: new Date(Math.min(range.previousTo.getTime(), now.getTime())),
  };
  const starting = beginnings(db, userId);
  const [start, facts, money, pipeline, awaiting, lists] = await Promise.all([
    starting,
    sentResponseFacts(db, userId, { from: range.previousFrom, to: range.to, tz: range.tz }),
    earnings(
      db,
      userId,
      range,
      starting.then((found) => found.profileCurrency),
    ),
    pipelineValue(db, userId, asAt),
    quotesAwaiting(db, userId, asAt),
    dashboardLists(db, userId, now, range.tz),
  ]);
  const inPeriod = facts.filter((fact) => fact.sentAt >= range.from);
  const beforePeriod = facts.filter((fact) => fact.sentAt < range.previousTo);

  return {
    range: resolvedRangeOf(range),
    hasData: start.hasData,
    checklist: start.checklist,
    kpis: {
      ...responseKpis(inPeriod, beforePeriod),
      earnings: money.kpi,
      pipelineValue: pipeline,
      quotesAwaiting: awaiting,
    },
    charts: {
      earnings: money.chart,
      funnel: funnelOf(inPeriod),
      replyRateByWeek: replyRateByWeek(inPeriod, range, range.tz),
    },
    lists,
  };
}
