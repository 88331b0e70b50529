import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { PortfolioCitationStats } from '#contract/portfolio';

import type { Database } from '../../db/client.ts';
import { responseCitations, responses, responseStatusEvents } from '../../db/schema/responses.ts';

/** Response statuses that mean the client answered: replied, and every stage after it. */
const REPLIED_STATUSES = ['replied', 'interview', 'hired'] as const;

const repliedList = sql.join(
  REPLIED_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * How many of the owner's responses cited each portfolio item, and how many of those got a
 * reply: the response is (or once was, by its status history) replied, interview or hired.
 * Binned responses do not count.
 */
export async function countPortfolioCitations(
  db: Database,
  userId: string,
  itemIds: string[],
): Promise<Map<string, PortfolioCitationStats>> {
  const stats = new Map<string, PortfolioCitationStats>();
  if (itemIds.length === 0) return stats;
  const everReplied = sql`(${responses.status} in (${repliedList}) or exists (select 1 from ${responseStatusEvents} where ${responseStatusEvents.responseId} = ${responses.id} and ${responseStatusEvents.toStatus} in (${repliedList})))`;
  const rows = await db
    .select({
      itemId: responseCitations.portfolioItemId,
      responses: sql<number>`count(distinct ${responseCitations.responseId})`.mapWith(Number),
      replied:
        sql<number>`count(distinct ${responseCitations.responseId}) filter (where ${everReplied})`.mapWith(
          Number,
        ),
    })
    .from(responseCitations)
    .innerJoin(responses, eq(responses.id, responseCitations.responseId))
    .where(
      and(
        inArray(responseCitations.portfolioItemId, itemIds),
        isNull(responses.deletedAt),
        eq(responseCitations.userId, userId),
      ),
    )
    .groupBy(responseCitations.portfolioItemId);
  for (const row of rows) stats.set(row.itemId, { responses: row.responses, replied: row.replied });
  return stats;
}
