import { eq, sql } from 'drizzle-orm';

import type { BackendUser } from '#contract/user';

import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { forbidden, notFound } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';

export function toBackendUser(
  row: Pick<
    UserRow,
    'id' | 'email' | 'name' | 'role' | 'modules' | 'status' | 'createdAt' | 'lastSignInAt'
  >,
): BackendUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    modules: row.modules,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** GET /api/users?email=: your own record; an admin may read anyone's. */
export async function getUserByEmail(
  db: Database,
  caller: AuthUser,
  email: string,
): Promise<BackendUser> {
  const wanted = email.trim().toLowerCase();
  // Your own record was read by the auth plugin for this very request.
  if (wanted === caller.email.toLowerCase()) return toBackendUser(caller);
  if (caller.role !== 'admin') {
    throw forbidden('You can only read your own user record.');
  }
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, wanted))
    .limit(1);
  if (!rows[0]) throw notFound('User');
  return toBackendUser(rows[0]);
}

/** PATCH /api/users/me: a user renames themselves; role and modules stay the admin's to change. */
export async function renameSelf(
  db: Database,
  caller: AuthUser,
  name: string,
): Promise<BackendUser> {
  const [row] = await db.update(users).set({ name }).where(eq(users.id, caller.id)).returning();
  if (!row) throw notFound('User');
  return toBackendUser(row);
}
