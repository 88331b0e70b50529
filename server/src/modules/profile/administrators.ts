import type { AdministratorContacts } from '#contract/profile';

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';

/** The users area's list of active administrators (passed in by the module list). */
export type ActiveAdministrators = (
  db: Database,
  limit: number,
) => Promise<Array<{ name: string | null; email: string }>>;

const SHOWN = 3;

/**
 * Who a member asks to turn a module on: the active administrators (name and email only), or,
 * before any of them has signed in, the addresses ADMIN_EMAILS names. Nothing else about anyone.
 */
export async function administratorContacts(
  activeAdministrators: ActiveAdministrators,
  db: Database,
  config: Config,
): Promise<AdministratorContacts> {
  const admins = await activeAdministrators(db, SHOWN);
  if (admins.length > 0) return { items: admins };
  return { items: config.adminEmails.slice(0, SHOWN).map((email) => ({ name: null, email })) };
}
