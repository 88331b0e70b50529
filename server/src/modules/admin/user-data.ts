import { eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';

import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';

/** Columns never exported: secrets stay encrypted at rest and out of exports (reliability 19-20). */
const SECRET_COLUMN = /token|secret|encrypted|api_key|apikey/i;

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
    if (!userId) continue;
    tables.push({ name: getTableName(value), table: value, userId, columns });
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
          return !SECRET_COLUMN.test(key) && !(column && SECRET_COLUMN.test(column.name));
        }),
      ),
    );
  }
  return result;
}
