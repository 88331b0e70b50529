import { eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';

import type { Database } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * A user's data export reads every table that has a user_id column. It lives beside the schema,
 * not in an area, because it is the one reader that must see all areas' tables: an area added
 * later is exported without anyone remembering to wire it in.
 *
 * An export holds what the user's data means, nothing that protects it: columns holding
 * credentials, anything encrypted (`*_enc`, `*_encrypted`) and hashes are left out, matched on
 * the database column name.
 */
const SECRET_COLUMN =
  /(^|_)(token|secret|password|api_key|apikey|enc|encrypted|hash|verifier|nonce|salt)(_|$)/i;

/** Tables that hold no data of the user's own: pending Upwork sign-in handshakes. */
const NOT_USER_DATA = new Set(['upwork_oauth_states']);

type OwnedTable = {
  name: string;
  table: PgTable;
  userId: PgColumn;
  columns: Record<string, PgColumn>;
};

/** Every table with a user_id column, found from the schema, so new areas are exported too. */
function ownedTables(): OwnedTable[] {
  const tables: OwnedTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const columns = getTableColumns(value) as Record<string, PgColumn>;
    const userId = columns.userId;
    const name = getTableName(value);
    if (!userId || NOT_USER_DATA.has(name)) continue;
    tables.push({ name, table: value, userId, columns });
  }
  return tables;
}

export async function exportUserData(
  db: Database,
  userId: string,
): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const owned of ownedTables()) {
    const rows = (await db.select().from(owned.table).where(eq(owned.userId, userId))) as Array<
      Record<string, unknown>
    >;
    result[owned.name] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).filter(([key]) => {
          const column = owned.columns[key];
          return !SECRET_COLUMN.test(column?.name ?? key);
        }),
      ),
    );
  }
  return result;
}
