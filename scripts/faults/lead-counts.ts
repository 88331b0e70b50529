import { sql } from 'drizzle-orm';
import pg from 'pg';

import { openDatabase } from '../../server/src/db/client.ts';
import type { FaultApi } from './fault-api.ts';

/** How many leads of the user carry each contact name, read straight from PostgreSQL. */
export async function leadNameCounts(databaseUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ contact_name: string; copies: string }>(
      'select contact_name, count(*) as copies from leads where user_id = $1 group by contact_name',
      [userId],
    );
    return new Map(rows.map((row) => [row.contact_name, Number(row.copies)]));
  } finally {
    await client.end();
  }
}

/** Leads per contact name; PGlite is read from its folder once the API has stopped. */
export async function countLeadNames(api: FaultApi, userId: string): Promise<Map<string, number>> {
  if (api.databaseUrl) return leadNameCounts(api.databaseUrl, userId);
  const database = await openDatabase({ engine: 'pglite', dataDir: `${api.dataDir}/pglite` });
  try {
    const result = await database.db.execute(
      sql`select contact_name, count(*)::int as copies from leads where user_id = ${userId} group by contact_name`,
    );
    const rows = (result as unknown as { rows: Array<{ contact_name: string; copies: number }> })
      .rows;
    return new Map(rows.map((row) => [row.contact_name, Number(row.copies)]));
  } finally {
    await database.close();
  }
}
