import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness } from '#test-support/server-harness';

/** The planner's row count for a table: -1 until statistics were ever gathered for it. */
async function reltuples(harness: Harness, table: string): Promise<number> {
  const result = (await harness.database.db.execute(
    sql`select reltuples::float8 as rows from pg_class where relname = ${table}`,
  )) as unknown as { rows: Array<{ rows: number }> };
  return Number(result.rows[0]?.rows ?? -1);
}

// PostgreSQL's autovacuum gathers them there; the API only runs ANALYZE where nothing else will.
describe.skipIf(process.env.TEST_DB === 'postgres')('table statistics on PGlite', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness();
  });
  afterAll(async () => harness?.close());

  it('are gathered when the API starts', async () => {
    expect(harness.database.engine).toBe('pglite');
    await expect.poll(() => reltuples(harness, 'responses'), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => reltuples(harness, 'users'), { timeout: 10_000 }).toBeGreaterThan(-1);
  });
});
