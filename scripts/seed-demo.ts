/**
 * Seeds the demo accounts' rows (role, modules) in the API's database, before the API opens it.
 * Reads the same environment as the API (server/src/config.ts) and the accounts as JSON:
 *
 *   tsx scripts/seed-demo.ts '[{"firebaseUid":"…","email":"…","name":"…","role":"admin","modules":[…]}]'
 *
 * The orchestrators (scripts/start.ts, the e2e setup) create the emulator identities first and
 * pass their uids here.
 */
import { seedDemoAccounts, type DemoAccountSeed } from '#server/db/seed-demo';

import { withConfiguredDatabase } from './configured-database.ts';

async function main() {
  const json = process.argv[2];
  if (!json) throw new Error('Pass the accounts as a JSON array argument.');
  const accounts = JSON.parse(json) as DemoAccountSeed[];
  const outcomes = await withConfiguredDatabase((handle) => seedDemoAccounts(handle.db, accounts));
  console.log(JSON.stringify(outcomes));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
