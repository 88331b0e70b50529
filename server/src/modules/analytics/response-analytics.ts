import type { ResponseAnalytics } from '#contract/response-analytics';

import type { Database } from '../../db/client.ts';
import { breakdownsOf } from './breakdowns.ts';
import { calibration } from './calibration.ts';
import { resolvedRangeOf, type AnalyticsRange } from './range.ts';
import { funnelOf, reachedAtLeast, sentResponseFacts } from './response-facts.ts';
import { addTo, moneyTotalsOf } from './sql-rows.ts';

/**
 * The response analytics page: what the responses sent in the period led to (the funnel, the
 * Connects they cost per reply and per hire, the money they brought), cut by every breakdown
 * dimension, and the fit-score calibration over all the user's sends.
 */
export async function responseAnalytics(
  db: Database,
  userId: string,
  range: AnalyticsRange,
): Promise<ResponseAnalytics> {
  const [facts, fitCalibration] = await Promise.all([
    sentResponseFacts(db, userId, range),
    calibration(db, userId),
  ]);
  const sent = facts.length;
  const connects = facts.reduce((sum, fact) => sum + fact.connects, 0);
  const replied = facts.filter((fact) => reachedAtLeast(fact, 'replied')).length;
  const hired = facts.filter((fact) => reachedAtLeast(fact, 'hired')).length;
  const revenue = new Map<string, number>();
  for (const fact of facts) {
    for (const money of fact.revenue) addTo(revenue, money.currency, money.amountMinor);
  }
  const perResponse = new Map(
    [...revenue].map(([currency, amountMinor]) => [currency, Math.round(amountMinor / sent)]),
  );
  return {
    range: resolvedRangeOf(range),
    funnel: funnelOf(facts),
    totals: {
      sent,
      connects,
      connectsPerReply: replied > 0 ? connects / replied : null,
      connectsPerHire: hired > 0 ? connects / hired : null,
      revenue: moneyTotalsOf(revenue),
      revenuePerResponse: moneyTotalsOf(perResponse),
    },
    breakdowns: breakdownsOf(facts),
    calibration: fitCalibration,
  };
}
