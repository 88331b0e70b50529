import type { Auth } from 'firebase-admin/auth';

import { z } from 'zod';

import type {
  BackendUser,
  InviteUserBody,
  ListUsersQuery,
  UpdateUserBody,
  UserListPage,
  UserStatus,
} from '#contract/user';
import { MODULES } from '#contract/user';

import { decodeCursor, encodeCursor } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { listActivitiesFor, recordActivity, type ActivityQuery } from '../activities/service.ts';
import {
  countOtherActiveAdmins,
  countUserRows,
  deleteUserRow,
  findUserById,
  insertUserRow,
  listUserRows,
  toBackendUser,
  updateUserRow,
} from '../users/service.ts';
import { exportUserData } from '../../db/user-data-export.ts';

/** What an administrator did or looked at, in the administrator's own activity log. */
function logAdminAction(
  db: Database,
  adminId: string,
  action: 'manage_users' | 'export_user_data' | 'view_user_activity',
  details: Record<string, unknown>,
) {
  return recordActivity(db, { userId: adminId, action, details });
}

/** Cursors of the Users list: how many rows the next page skips (the list sorts by any column). */
const offsetCursorSchema = z.tuple([z.number().int().min(0).max(1_000_000)]);

export async function listUsers(db: Database, query: ListUsersQuery): Promise<UserListPage> {
  const offset = query.cursor ? decodeCursor(query.cursor, offsetCursorSchema)[0] : 0;
  const [rows, total] = await Promise.all([
    listUserRows(db, {
      q: query.q,
      sort: query.sort,
      dir: query.dir,
      limit: query.limit + 1,
      offset,
    }),
    countUserRows(db, query.q),
  ]);
  const items = rows.slice(0, query.limit).map(toBackendUser);
  const nextCursor = rows.length > query.limit ? encodeCursor([offset + query.limit]) : null;
  return { items, nextCursor, total };
}

/**
 * One user's activity as an administrator reads it; opening it (the first page) is logged as
 * view_user_activity in the administrator's own log.
 */
export async function listUserActivity(
  db: Database,
  caller: AuthUser,
  id: string,
  query: Omit<ActivityQuery, 'userId'>,
) {
  const user = await getUser(db, id);
  const page = await listActivitiesFor(db, caller, { ...query, userId: user.id });
  if (!query.cursor) {
    await logAdminAction(db, caller.id, 'view_user_activity', { targetUserId: user.id });
  }
  return page;
}

export async function getUser(db: Database, id: string): Promise<BackendUser> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  return toBackendUser(row);
}

/** A change of role, modules or name; the change and its manage_users entry are one write. */
export async function updateUser(
  db: Database,
  caller: AuthUser,
  id: string,
  body: UpdateUserBody,
): Promise<BackendUser> {
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
  return db.transaction(async (tx) => {
    const row = await findUserById(tx, id);
    if (!row) throw notFound('User');
    if (
      body.role === 'member' &&
      row.role === 'admin' &&
      (await countOtherActiveAdmins(tx, id)) === 0
    ) {
      throw new HttpError(
        409,
        'conflict',
        'This is the last administrator: make someone else an admin first.',
      );
    }
    const updated = await updateUserRow(tx, id, {
      ...(body.role ? { role: body.role } : {}),
      ...(modules ? { modules } : {}),
      ...(body.name ? { name: body.name } : {}),
    });
    if (!updated) throw notFound('User');
    await logAdminAction(tx, caller.id, 'manage_users', {
      op: 'update',
      targetUserId: updated.id,
      changes: body,
    });
    return toBackendUser(updated);
  });
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
  const updated = await db.transaction(async (tx) => {
    const changed = await updateUserRow(tx, id, { status });
    if (!changed) throw notFound('User');
    await logAdminAction(tx, caller.id, 'manage_users', {
      op: status === 'disabled' ? 'disable' : 'enable',
      targetUserId: changed.id,
    });
    return changed;
  });
  return { user: toBackendUser(updated), uid: row.firebaseUid };
}

export async function inviteUser(
  db: Database,
  auth: Auth,
  caller: AuthUser,
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
  const row = await insertUserRow(db, {
    firebaseUid: uid,
    email,
    name: body.name ?? null,
    role: body.role,
    modules,
  });
  if (!row) throw new Error('invite insert returned nothing');
  const passwordResetLink = await auth.generatePasswordResetLink(email);
  await logAdminAction(db, caller.id, 'manage_users', {
    op: 'invite',
    targetUserId: row.id,
    email: row.email,
  });
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
  await db.transaction(async (tx) => {
    await deleteUserRow(tx, id);
    await logAdminAction(tx, caller.id, 'manage_users', {
      op: 'delete',
      targetUserId: row.id,
      email: row.email,
    });
  });
  return row;
}

/** One user's data, as an administrator exports it (logged as export_user_data). */
export async function exportUser(
  db: Database,
  caller: AuthUser,
  id: string,
  format: 'json' | 'csv' = 'json',
) {
  const user = await getUser(db, id);
  const data = await exportUserData(db, user.id);
  await logAdminAction(db, caller.id, 'export_user_data', { targetUserId: user.id, format });
  return { user, data };
}
