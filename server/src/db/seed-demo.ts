import { eq, sql } from 'drizzle-orm';

import type { Module, Role } from '#contract/user';

import type { Database } from './client.ts';
import { users } from './schema/index.ts';

/** A demo identity already created in the Auth emulator, and the access it should have. */
export type DemoAccountSeed = {
  firebaseUid: string;
  email: string;
  name: string;
  role: Role;
  modules: Module[];
};

export type SeedOutcome = { email: string; outcome: 'created' | 'relinked' | 'kept' };

/**
 * Seeds the demo accounts of `npm start` and the e2e run, if missing. An existing row is kept as
 * it is (an admin may have changed its role or modules since); a row whose identity was recreated
 * in the emulator (same email, new uid) is linked to the new uid. Run it before the API opens
 * the database: PGlite is single-process.
 */
export async function seedDemoAccounts(
  db: Database,
  accounts: DemoAccountSeed[],
): Promise<SeedOutcome[]> {
  const outcomes: SeedOutcome[] = [];
  for (const account of accounts) {
    const email = account.email.toLowerCase();
    const outcome = await db.transaction(async (tx) => {
      const [byUid] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.firebaseUid, account.firebaseUid))
        .limit(1);
      if (byUid) return 'kept' as const;

      const [byEmail] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (byEmail) {
        await tx
          .update(users)
          .set({ firebaseUid: account.firebaseUid })
          .where(eq(users.id, byEmail.id));
        return 'relinked' as const;
      }

      await tx.insert(users).values({
        firebaseUid: account.firebaseUid,
        email,
        name: account.name,
        role: account.role,
        modules: account.modules,
      });
      return 'created' as const;
    });
    outcomes.push({ email, outcome });
  }
  return outcomes;
}
