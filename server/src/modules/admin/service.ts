import type { Auth } from 'firebase-admin/auth';

import type { BackendUser, InviteUserBody, UpdateUserBody, UserStatus } from '#contract/user';
import { MODULES } from '#contract/user';

import { decodeKeyset, toPage } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activities/service.ts';
import {
  countOtherActiveAdmins,
  deleteUserRow,
  findUserById,
  insertUserRow,
  listUserRows,
  toBackendUser,
  updateUserRow,
} from '../users/service.ts';
import { exportUserData } from './user-data.ts';

/** What an administrator did to an account, in the administrator's own activity log. */
function logAdminAction(
  db: Database,
  adminId: string,
  action: 'manage_users' | 'export_user_data',
  details: Record<string, unknown>,
) {
  return recordActivity(db, { userId: adminId, action, details });
}

export async function listUsers(
  db: Database,
  query: { q?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const rows = await listUserRows(db, {
    q: query.q,
    limit: query.limit + 1,
    after: query.cursor ? decodeKeyset(query.cursor) : undefined,
  });
  const page = toPage(rows, query.limit);
  return { items: page.items.map(toBackendUser), nextCursor: page.nextCursor };
}

export async function getUser(db: Database, id: string): Promise<BackendUser> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  return toBackendUser(row);
}

export async function updateUser(
  db: Database,
  caller: AuthUser,
  id: string,
  body: UpdateUserBody,
): Promise<BackendUser> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  if (
    body.role === 'member' &&
    row.role === 'admin' &&
    (await countOtherActiveAdmins(db, id)) === 0
  ) {
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
  const updated = await updateUserRow(db, id, {
    ...(body.role ? { role: body.role } : {}),
    ...(modules ? { modules } : {}),
    ...(body.name ? { name: body.name } : {}),
  });
  if (!updated) throw notFound('User');
  await logAdminAction(db, caller.id, 'manage_users', {
    op: 'update',
    targetUserId: updated.id,
    changes: body,
  });
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
  const updated = await updateUserRow(db, id, { status });
  if (!updated) throw notFound('User');
  await logAdminAction(db, caller.id, 'manage_users', {
    op: status === 'disabled' ? 'disable' : 'enable',
    targetUserId: updated.id,
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
  await deleteUserRow(db, id);
  await logAdminAction(db, caller.id, 'manage_users', {
    op: 'delete',
    targetUserId: row.id,
    email: row.email,
  });
  return row;
}

/** One user's data, as an administrator exports it (logged as export_user_data). */
export async function exportUser(db: Database, caller: AuthUser, id: string) {
  const user = await getUser(db, id);
  const data = await exportUserData(db, user.id);
  await logAdminAction(db, caller.id, 'export_user_data', { targetUserId: user.id });
  return { user, data };
}
