import { FIT_BUCKETS, OWN_RATES_MIN_SENDS, type Calibration } from '#contract/response-analytics';

import type { Database } from '../../db/client.ts';
import { fitBucketCounts, type FitBucketCounts } from './own-rates.ts';

/**
 * Does the fit score predict replies and hires for this user? The reply and hire rate of every
 * fit bucket over all their sends with a fit score, beside the hire chance the built-in model
 * gave those jobs, and whether Browse Jobs already uses the user's own hire rates (from
 * OWN_RATES_MIN_SENDS sends with a fit score).
 */

function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** "under 40", "40-59", "from 80": a fit bucket as words in a sentence. */
function bucketWords(bucket: FitBucketCounts): string {
  const range = FIT_BUCKETS.find((entry) => entry.key === bucket.bucket);
  if (!range) return bucket.bucket;
  if (range.low === 0) return `under ${range.high + 1}`;
  if (range.high === 100) return `from ${range.low}`;
  return `${range.low}-${range.high}`;
}

/**
 * The sentence above the table. Compares the lowest and the highest bucket that have sends: the
 * reply rate rising, falling, or level across the fit scores.
 */
export function calibrationSummary(buckets: FitBucketCounts[], scoredSends: number): string {
  if (scoredSends < OWN_RATES_MIN_SENDS) {
    return `Too few sends with a fit score to tell yet: ${scoredSends} of ${OWN_RATES_MIN_SENDS}.`;
  }
  const withSends = buckets.filter((bucket) => bucket.sent > 0);
  const lowest = withSends[0];
  const highest = withSends[withSends.length - 1];
  if (!lowest || !highest || lowest === highest) {
    return 'All your sends with a fit score are in one fit range, so there is nothing to compare yet.';
  }
  const low = lowest.replied / lowest.sent;
  const high = highest.replied / highest.sent;
  const lowWords = bucketWords(lowest);
  const highWords = bucketWords(highest);
  const rates = `${percent(low)} ${lowWords}, ${percent(high)} ${highWords}`;
  if (percent(low) === percent(high)) {
    return `Fit scores make no difference to replies so far: ${rates}.`;
  }
  return high > low
    ? `Higher fit scores are replied to more often: ${rates}.`
    : `Higher fit scores are not replied to more often: ${rates}.`;
}

export async function calibration(db: Database, userId: string): Promise<Calibration> {
  const buckets = await fitBucketCounts(db, userId);
  const scoredSends = buckets.reduce((sum, bucket) => sum + bucket.sent, 0);
  return {
    rows: buckets.map((bucket) => ({
      bucket: bucket.bucket,
      sent: bucket.sent,
      replied: bucket.replied,
      hired: bucket.hired,
      replyRate: rate(bucket.replied, bucket.sent),
      hireRate: rate(bucket.hired, bucket.sent),
      modelHireRate: bucket.modelHireRate,
    })),
    scoredSends,
    minSends: OWN_RATES_MIN_SENDS,
    ownRatesInUse: scoredSends >= OWN_RATES_MIN_SENDS,
    summary: calibrationSummary(buckets, scoredSends),
  };
}
