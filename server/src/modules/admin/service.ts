import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';

import type { BackendUser, InviteUserBody, UpdateUserBody, UserStatus } from '#contract/user';
import { MODULES } from '#contract/user';

import { containsPattern, decodeCursor, olderThan, toPage } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findUserById, toBackendUser } from '../users/service.ts';

export async function listUsers(
  db: Database,
  query: { q?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(ilike(users.email, pattern), ilike(users.name, pattern));
    if (match) conditions.push(match);
  }
  if (query.cursor) {
    conditions.push(olderThan(users.createdAt, users.id, decodeCursor(query.cursor)));
  }
  const rows = await db
    .select()
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit);
  return { items: page.items.map(toBackendUser), nextCursor: page.nextCursor };
}

export async function getUser(db: Database, id: string): Promise<BackendUser> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  return toBackendUser(row);
}

async function otherActiveAdmins(db: Database, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)));
  return row?.count ?? 0;
}

export async function updateUser(
  db: Database,
  caller: AuthUser,
  id: string,
  body: UpdateUserBody,
): Promise<BackendUser> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  if (body.role === 'member' && row.role === 'admin' && (await otherActiveAdmins(db, id)) === 0) {
    throw new HttpError(
      409,
      'conflict',
      'This is the last administrator: make someone else an admin first.',
    );
  }
  if (id === caller.id && body.role === 'member') {
    throw new HttpError(
      409,
      'conflict',
      'You cannot remove your own admin role; ask another administrator.',
    );
  }
  const modules = body.modules
    ? MODULES.filter((module) => body.modules?.includes(module))
    : undefined;
  const [updated] = await db
    .update(users)
    .set({
      ...(body.role ? { role: body.role } : {}),
      ...(modules ? { modules } : {}),
      ...(body.name ? { name: body.name } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  if (!updated) throw notFound('User');
  return toBackendUser(updated);
}

export async function setUserStatus(
  db: Database,
  auth: Auth,
  caller: AuthUser,
  id: string,
  status: UserStatus,
) {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  if (id === caller.id && status === 'disabled') {
    throw new HttpError(409, 'conflict', 'You cannot disable your own account.');
  }
  // Identity first: if it fails, our row still says what the identity service says.
  await auth
    .updateUser(row.firebaseUid, { disabled: status === 'disabled' })
    .catch((error: { code?: string }) => {
      if (error.code !== 'auth/user-not-found') throw error;
    });
  if (status === 'disabled') {
    await auth.revokeRefreshTokens(row.firebaseUid).catch(() => {});
  }
  const [updated] = await db.update(users).set({ status }).where(eq(users.id, id)).returning();
  if (!updated) throw notFound('User');
  return { user: toBackendUser(updated), uid: row.firebaseUid };
}

export async function inviteUser(
  db: Database,
  auth: Auth,
  body: InviteUserBody & { role: 'admin' | 'member' },
) {
  const email = body.email.toLowerCase();
  let uid: string;
  try {
    const record = await auth.createUser({
      email,
      ...(body.name ? { displayName: body.name } : {}),
    });
    uid = record.uid;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/email-already-exists') {
      throw new HttpError(409, 'conflict', `An account for ${email} already exists.`);
    }
    throw error;
  }
  const modules =
    body.role === 'admin'
      ? [...MODULES]
      : MODULES.filter((module) => body.modules?.includes(module));
  const [row] = await db
    .insert(users)
    .values({ firebaseUid: uid, email, name: body.name ?? null, role: body.role, modules })
    .returning();
  if (!row) throw new Error('invite insert returned nothing');
  const passwordResetLink = await auth.generatePasswordResetLink(email);
  return { user: toBackendUser(row), passwordResetLink };
}

export async function deleteUser(db: Database, auth: Auth, caller: AuthUser, id: string) {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  if (id === caller.id) {
    throw new HttpError(409, 'conflict', 'You cannot delete your own account here.');
  }
  await auth.deleteUser(row.firebaseUid).catch((error: { code?: string }) => {
    if (error.code !== 'auth/user-not-found') throw error;
  });
  // Rows of every area go with the user (foreign keys cascade).
  await db.delete(users).where(eq(users.id, id));
  return row;
}
