import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';

import type { BackendUser } from '#contract/user';

import { containsPattern, olderThan, type Keyset } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { forbidden, notFound } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordProfileUpdate } from '../profile/service.ts';

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
  userAgent: string | null | undefined = null,
): Promise<BackendUser> {
  const [row] = await db.update(users).set({ name }).where(eq(users.id, caller.id)).returning();
  if (!row) throw notFound('User');
  await recordProfileUpdate(db, row.id, ['name'], userAgent);
  return toBackendUser(row);
}

// ---------------------------------------------------------------------------------------------
// Account rows as administrators manage them (the admin area holds the rules around these).

export type UserRowChanges = Partial<Pick<UserRow, 'role' | 'modules' | 'name' | 'status'>>;

/** Newest first; `limit` rows after the keyset, matching `q` in the email or name. */
export async function listUserRows(
  db: Database,
  query: { q?: string | undefined; limit: number; after?: Keyset | undefined },
): Promise<UserRow[]> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(ilike(users.email, pattern), ilike(users.name, pattern));
    if (match) conditions.push(match);
  }
  if (query.after) conditions.push(olderThan(users.createdAt, users.id, query.after));
  return db
    .select()
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit);
}

export async function countOtherActiveAdmins(db: Database, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)));
  return row?.count ?? 0;
}

export async function updateUserRow(
  db: Database,
  id: string,
  changes: UserRowChanges,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

export async function insertUserRow(
  db: Database,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** Rows of every area go with the user (foreign keys cascade). */
export async function deleteUserRow(db: Database, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
