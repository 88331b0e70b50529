import { sql, type SQL } from 'drizzle-orm';

import { FUNNEL_STAGES } from '#contract/dashboard';
import { FIT_BUCKETS } from '#contract/response-analytics';

import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { responseStatusEvents, responses } from '../../db/schema/responses.ts';
import { stageRank } from './response-facts.ts';
import { queryRows } from './sql-rows.ts';

/**
 * What this user's own sends say per fit bucket, over every response they ever sent with a fit
 * score (not only a period): how many were sent, replied to and hired, and the hire chance the
 * built-in model gave the jobs they answered. Browse Jobs blends the hire rates into worth per
 * Connect once there are enough sends; the response analytics page shows them as calibration.
 */

export type FitBucketKey = (typeof FIT_BUCKETS)[number]['key'];

export type FitBucketCounts = {
  bucket: FitBucketKey;
  sent: number;
  replied: number;
  hired: number;
  /** The model's average hire chance for the linked jobs, null when none has a score. */
  modelHireRate: number | null;
};

export type OwnHireRates = {
  /** Sends with a fit score, all time. */
  scoredSends: number;
  /** Per FIT_BUCKETS key: sends and hires. */
  hireRateByBucket: Record<string, { sent: number; hired: number }>;
};

const REPLIED_RANK = FUNNEL_STAGES.indexOf('replied') + 1;
const HIRED_RANK = FUNNEL_STAGES.indexOf('hired') + 1;

/** The FIT_BUCKETS key of a fit score (scores are whole numbers 0-100). */
export function fitBucketOf(fit: number): FitBucketKey {
  const bucket =
    FIT_BUCKETS.find((entry) => fit <= entry.high) ?? FIT_BUCKETS[FIT_BUCKETS.length - 1];
  return bucket!.key;
}

/** SQL: the FIT_BUCKETS key of a fit score column. */
function bucketCase(fit: SQL): SQL {
  return sql`case ${sql.join(
    FIT_BUCKETS.map((bucket) => sql`when ${fit} <= ${bucket.high}::int then ${bucket.key}`),
    sql` `,
  )} else ${FIT_BUCKETS[FIT_BUCKETS.length - 1]!.key} end`;
}

type CountsRow = {
  bucket: string;
  sent: number | string;
  replied: number | string;
  hired: number | string;
  model_hire_rate: number | null;
};

/** Every FIT_BUCKETS bucket in order, zero where the user has sent nothing. One grouped query. */
export async function fitBucketCounts(db: Database, userId: string): Promise<FitBucketCounts[]> {
  const bucketOf = bucketCase(sql`s.fit_score_at_send`);
  // The model's chance from before the user's own rates were blended in (older scores have
  // only the blended one, which then was the model's own).
  const modelChance = sql`coalesce((j.score ->> 'modelWinProbability')::float8, (j.score ->> 'winProbability')::float8)`;
  const rows = await queryRows<CountsRow>(
    db,
    sql`
      with ranked as (
        select ${bucketOf} as bucket,
               greatest(1, ${stageRank(sql`s.status`)}, coalesce(h.rank, 0)) as rank,
               ${modelChance} as model
        from ${responses} s
        left join lateral (
          select max(${stageRank(sql`e.to_status`)}) as rank
          from ${responseStatusEvents} e
          where e.user_id = ${userId} and e.response_id = s.id
        ) h on true
        left join ${jobs} j on j.id = s.job_id and j.user_id = ${userId}
        where s.user_id = ${userId} and s.deleted_at is null and s.sent_at is not null
          and s.fit_score_at_send is not null
      )
      select bucket,
             count(*)::int as sent,
             (count(*) filter (where rank >= ${REPLIED_RANK}::int))::int as replied,
             (count(*) filter (where rank >= ${HIRED_RANK}::int))::int as hired,
             avg(model)::float8 as model_hire_rate
      from ranked
      group by bucket
    `,
  );
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return FIT_BUCKETS.map(({ key }) => {
    const row = byBucket.get(key);
    return {
      bucket: key,
      sent: Number(row?.sent ?? 0),
      replied: Number(row?.replied ?? 0),
      hired: Number(row?.hired ?? 0),
      modelHireRate: row?.model_hire_rate ?? null,
    };
  });
}

type HireCountsRow = { bucket: string; sent: number | string; hired: number | string };

/**
 * The user's own sends and hires per fit bucket, for worth per Connect on Browse Jobs. Every jobs
 * list builds its scoring profile with this, so it is one pass over the user's scored sends with
 * an index probe per send for a hire, lighter than the calibration's full ranking.
 */
export async function ownHireRates(db: Database, userId: string): Promise<OwnHireRates> {
  const rows = await queryRows<HireCountsRow>(
    db,
    sql`
      select ${bucketCase(sql`s.fit_score_at_send`)} as bucket,
             count(*)::int as sent,
             (count(*) filter (where s.status = 'hired' or exists (
               select 1 from ${responseStatusEvents} e
               where e.response_id = s.id and e.user_id = ${userId} and e.to_status = 'hired'
             )))::int as hired
      from ${responses} s
      where s.user_id = ${userId} and s.deleted_at is null and s.sent_at is not null
        and s.fit_score_at_send is not null
      group by 1
    `,
  );
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const hireRateByBucket: OwnHireRates['hireRateByBucket'] = {};
  let scoredSends = 0;
  for (const { key } of FIT_BUCKETS) {
    const row = byBucket.get(key);
    const sent = Number(row?.sent ?? 0);
    scoredSends += sent;
    hireRateByBucket[key] = { sent, hired: Number(row?.hired ?? 0) };
  }
  return { scoredSends, hireRateByBucket };
}
