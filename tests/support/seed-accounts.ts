/**
 * Seeding the demo accounts: their identities in the Auth emulator, their rows in the API's
 * database and, for the demo and the e2e run, a year of invented history. Each runs as a child
 * process before the API opens the database.
 */
import { join } from 'node:path';

import { authEmulatorClient } from './auth-emulator-client.ts';
import type { DemoAccount } from './demo-accounts.ts';
import { apiEnv, BIN, runToCompletion, type ApiSettings } from './stack.ts';

export type SeededAccount = DemoAccount & { uid: string; outcome: string };

/**
 * Creates the demo identities in the Auth emulator when missing, then seeds their rows (role,
 * modules) in the API's database through scripts/seed-demo.ts. Run it before the API starts.
 */
export async function seedDemo(options: {
  emulatorHost: string;
  projectId: string;
  accounts: DemoAccount[];
  api: ApiSettings;
  logFile?: string;
}): Promise<SeededAccount[]> {
  const auth = authEmulatorClient(options.emulatorHost, options.projectId);
  const identities: Array<DemoAccount & { uid: string }> = [];
  for (const account of options.accounts) {
    // An existing identity is kept as it is (its password may have been changed on purpose).
    const uid =
      (await lookupUid(options.emulatorHost, options.projectId, account.email)) ??
      (await auth.createAccount(account.email, account.password, account.name)).uid;
    await markEmailVerified(options.emulatorHost, options.projectId, uid);
    identities.push({ ...account, uid });
  }

  const seeds = identities.map((identity) => ({
    firebaseUid: identity.uid,
    email: identity.email,
    name: identity.name,
    role: identity.role,
    modules: identity.modules,
  }));
  const output = await runToCompletion(
    'Seeding the demo accounts (scripts/seed-demo.ts)',
    join(BIN, 'tsx'),
    ['scripts/seed-demo.ts', JSON.stringify(seeds)],
    { env: { ...apiEnv(options.api), LOG_LEVEL: 'warn' }, logFile: options.logFile },
  );
  const outcomes = parseOutcomes(output);
  return identities.map((identity) => ({
    ...identity,
    outcome: outcomes.get(identity.email.toLowerCase()) ?? 'seeded',
  }));
}

/**
 * Gives one seeded account a year of history (scripts/seed-history.ts), before the API opens the
 * database; an account that already has history is kept. With `outFile` the inserted rows are
 * written there as JSON, for tests that recompute the figures. Returns 'created' or 'kept'.
 */
export async function seedHistory(options: {
  api: ApiSettings;
  email: string;
  seed?: number;
  outFile?: string;
  logFile?: string;
}): Promise<'created' | 'kept'> {
  const args = ['scripts/seed-history.ts', '--email', options.email];
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  if (options.outFile) args.push('--out', options.outFile);
  const output = await runToCompletion(
    `Seeding the history of ${options.email} (scripts/seed-history.ts)`,
    join(BIN, 'tsx'),
    args,
    { env: { ...apiEnv(options.api), LOG_LEVEL: 'warn' }, logFile: options.logFile },
  );
  return output.includes('"outcome":"created"') ? 'created' : 'kept';
}

function parseOutcomes(output: string): Map<string, string> {
  const outcomes = new Map<string, string>();
  const line = output
    .trim()
    .split('\n')
    .reverse()
    .find((candidate) => candidate.startsWith('['));
  if (!line) return outcomes;
  try {
    for (const item of JSON.parse(line) as Array<{ email: string; outcome: string }>) {
      outcomes.set(item.email, item.outcome);
    }
  } catch {
    // the summary is informative only
  }
  return outcomes;
}

async function lookupUid(
  host: string,
  projectId: string,
  email: string,
): Promise<string | undefined> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  if (!response.ok) {
    throw new Error(`The Auth emulator could not look up ${email}: ${await response.text()}`);
  }
  const body = (await response.json()) as { users?: Array<{ localId: string }> };
  return body.users?.[0]?.localId;
}

async function markEmailVerified(host: string, projectId: string, uid: string): Promise<void> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!response.ok) {
    throw new Error(`The Auth emulator refused to verify ${uid}: ${await response.text()}`);
  }
}
