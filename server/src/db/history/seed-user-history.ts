import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { KeyRing } from '../../crypto.ts';
import type { Database } from '../client.ts';
import { responses } from '../schema/responses.ts';
import { templates } from '../schema/templates.ts';
import { users } from '../schema/users.ts';
import { generateHistory, HISTORY_TEMPLATE_NAMES } from './generate-history.ts';
import type { HistoryRows, HistorySize } from './history-rows.ts';
import { insertHistory } from './insert-history.ts';

export type SeedHistoryResult =
  { outcome: 'created'; userId: string; rows: HistoryRows } | { outcome: 'kept'; userId: string };

/**
 * Gives the account with this email a year of history, once. An account that already has the
 * history's templates or any sent response is kept as it is: seeding never duplicates and never
 * mixes invented rows into a real account's records.
 */
export async function seedUserHistory(
  db: Database,
  options: {
    email: string;
    now: Date;
    seed: number;
    encryptionKey: KeyRing;
    size?: HistorySize;
    months?: number;
  },
): Promise<SeedHistoryResult> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${options.email.toLowerCase()}`)
    .limit(1);
  if (!user) throw new Error(`No account with the email ${options.email}`);
  if (await hasHistory(db, user.id)) return { outcome: 'kept', userId: user.id };
  const rows = generateHistory({
    userId: user.id,
    now: options.now,
    seed: options.seed,
    size: options.size,
    months: options.months,
  });
  await insertHistory(db, rows, { encryptionKey: options.encryptionKey });
  return { outcome: 'created', userId: user.id, rows };
}

async function hasHistory(db: Database, userId: string): Promise<boolean> {
  const [template] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.userId, userId), inArray(templates.name, [...HISTORY_TEMPLATE_NAMES])))
    .limit(1);
  if (template) return true;
  const [sent] = await db
    .select({ id: responses.id })
    .from(responses)
    .where(and(eq(responses.userId, userId), isNotNull(responses.sentAt)))
    .limit(1);
  return Boolean(sent);
}
