/**
 * Gives one account a year of invented history (responses, leads, quotes, contracts and money) so
 * the dashboard and analytics have something to show. Reads the same environment as the API
 * (server/src/config.ts) and must run before the API opens a PGlite folder:
 *
 *   tsx scripts/seed-history.ts --email freelancer@example.com [--seed 3] [--out rows.json]
 *
 * An account that already has history (or any sent response) is kept as it is and "kept" is
 * printed. --out writes the rows inserted as JSON (times as ISO strings) for tests that recompute
 * the figures from the raw rows. The last line printed is JSON: {"outcome","email", counts}.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { seedUserHistory } from '#server/db/history/seed-user-history';

import { withConfiguredDatabase } from './configured-database.ts';

/** The seed the demo uses: its year shows variant B replying clearly more often than A. */
const DEMO_HISTORY_SEED = 3;

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string', default: String(DEMO_HISTORY_SEED) },
    },
  });
  if (!values.email) throw new Error('Pass the account as --email <email>.');
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new Error('--seed takes a whole number.');
  const email = values.email;
  const result = await withConfiguredDatabase((handle, config) =>
    seedUserHistory(handle.db, {
      email,
      now: new Date(),
      seed,
      encryptionKey: config.encryptionKey,
    }),
  );
  if (result.outcome === 'kept') {
    console.log('kept');
    console.log(JSON.stringify({ outcome: 'kept', email }));
    return;
  }
  if (values.out) writeFileSync(values.out, JSON.stringify(result.rows), { mode: 0o600 });
  const counts = Object.fromEntries(
    Object.entries(result.rows).flatMap(([name, rows]) =>
      Array.isArray(rows) ? [[name, rows.length]] : [],
    ),
  );
  console.log(JSON.stringify({ outcome: 'created', email, counts }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
