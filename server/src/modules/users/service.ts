import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';

import type { BackendUser, SortDirection, UserSort } from '#contract/user';

import { containsPattern } from '../../cursor.ts';
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

export type UserRowQuery = {
  q?: string | undefined;
  sort: UserSort;
  dir: SortDirection;
  limit: number;
  offset: number;
};

function matchingUsers(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(users.email, pattern), ilike(users.name, pattern));
}

/** The sort column, with rows that have no value (no name, never signed in) always last. */
function userOrder(sort: UserSort, dir: SortDirection): SQL[] {
  const direction = dir === 'asc' ? asc : desc;
  const column = {
    name: sql`lower(${users.name})`,
    email: sql`lower(${users.email})`,
    role: users.role,
    lastSignInAt: users.lastSignInAt,
    createdAt: users.createdAt,
  }[sort];
  return [sql`${column} is null`, direction(column), direction(users.id)];
}

/** One page of users matching `q` in the email or name, in the chosen order. */
export async function listUserRows(db: Database, query: UserRowQuery): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(matchingUsers(query.q))
    .orderBy(...userOrder(query.sort, query.dir))
    .limit(query.limit)
    .offset(query.offset);
}

export async function countUserRows(db: Database, q: string | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(matchingUsers(q));
  return row?.count ?? 0;
}

export async function countOtherActiveAdmins(db: Database, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)));
  return row?.count ?? 0;
}

/** The first `limit` active administrators, oldest first: their names and emails only. */
export async function activeAdministratorContacts(
  db: Database,
  limit: number,
): Promise<Array<{ name: string | null; email: string }>> {
  return db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt))
    .limit(limit);
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
