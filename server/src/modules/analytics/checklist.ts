import { sql } from 'drizzle-orm';

import type { ChecklistStep } from '#contract/dashboard';

import type { Database } from '../../db/client.ts';
import { portfolioItems } from '../../db/schema/portfolio.ts';
import { quotes } from '../../db/schema/quotes.ts';
import { responses } from '../../db/schema/responses.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { getProfileRow } from '../profile/service.ts';
import { isUpworkConnected } from '../upwork/service.ts';
import { queryRows } from './sql-rows.ts';

/**
 * Whether the user has anything to measure yet (a sent response, a transaction or a sent quote,
 * ever), and the first steps a new user is shown instead of zeros: a profile with skills and a
 * title or overview (what jobs are scored and drafts written from), a portfolio item, an Upwork
 * connection, and a first sent response.
 */

export type Beginnings = {
  hasData: boolean;
  checklist: ChecklistStep[];
  /** The profile's currency ('USD' without a profile): the earnings chart's when nothing was earned. */
  profileCurrency: string;
};

type ExistsRow = {
  sent_response: boolean;
  transaction: boolean;
  sent_quote: boolean;
  portfolio_item: boolean;
};

export async function beginnings(db: Database, userId: string): Promise<Beginnings> {
  const [existing, profile, upworkConnected] = await Promise.all([
    queryRows<ExistsRow>(
      db,
      sql`
        select
          exists (select 1 from ${responses} r
                   where r.user_id = ${userId} and r.sent_at is not null and r.deleted_at is null)
            as sent_response,
          exists (select 1 from ${transactions} t
                   where t.user_id = ${userId} and t.deleted_at is null) as transaction,
          exists (select 1 from ${quotes} q
                   where q.user_id = ${userId} and q.sent_at is not null) as sent_quote,
          exists (select 1 from ${portfolioItems} p
                   where p.user_id = ${userId} and p.deleted_at is null) as portfolio_item
      `,
    ),
    getProfileRow(db, userId),
    isUpworkConnected(db, userId),
  ]);
  const found = existing[0];
  const sentResponse = Boolean(found?.sent_response);
  const profileComplete =
    profile !== undefined &&
    profile.skills.length > 0 &&
    (profile.title.trim() !== '' || profile.overview.trim() !== '');
  return {
    hasData: sentResponse || Boolean(found?.transaction) || Boolean(found?.sent_quote),
    checklist: [
      { step: 'profile', done: profileComplete },
      { step: 'portfolio', done: Boolean(found?.portfolio_item) },
      { step: 'upwork', done: upworkConnected },
      { step: 'response', done: sentResponse },
    ],
    profileCurrency: profile?.currency ?? 'USD',
  };
}
