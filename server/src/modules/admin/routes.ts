import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '#contract/errors';
import { cursorSchema, pageSchema, searchTextSchema } from '#contract/pagination';
import {
  backendUserSchema,
  inviteUserBodySchema,
  inviteUserResultSchema,
  setUserStatusBodySchema,
  updateUserBodySchema,
} from '#contract/user';

import { attachmentHeader } from '../../csv.ts';
import { recordActivity } from '../activities/service.ts';
import {
  deleteUser,
  getUser,
  inviteUser,
  listUsers,
  setUserStatus,
  updateUser,
} from './service.ts';
import { exportUserData } from './user-data.ts';

const idParams = z.strictObject({ id: z.uuid({ message: 'id must be a user id (UUID)' }) });
const adminOnly = { role: 'admin', sensitive: true } as const;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = (
    userId: string,
    action: 'manage_users' | 'export_user_data' | 'view_admin_panel',
    details: Record<string, unknown>,
  ) => recordActivity(app.db, { userId, action, details });

  app.get(
    '/users',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'List users',
        querystring: z.strictObject({
          q: searchTextSchema(200).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
          cursor: cursorSchema.optional(),
        }),
        response: { 200: pageSchema(backendUserSchema), ...errors },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/users/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: backendUserSchema, ...errors },
      },
    },
    async (request) => getUser(app.db, request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Change role, modules or name',
        params: idParams,
        body: updateUserBodySchema,
        response: { 200: backendUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.user!, request.params.id, request.body);
      await log(request.user!.id, 'manage_users', {
        op: 'update',
        targetUserId: user.id,
        changes: request.body,
      });
      request.log.info(
        { outcome: 'role_or_modules_changed', target: user.id, by: request.user!.id },
        'user updated',
      );
      return user;
    },
  );

  app.post(
    '/users/:id/status',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Disable or enable a user (also in the identity service)',
        params: idParams,
        body: setUserStatusBodySchema,
        response: { 200: backendUserSchema, ...errors },
      },
    },
    async (request) => {
      const { user, uid } = await setUserStatus(
        app.db,
        app.firebaseAuth,
        request.user!,
        request.params.id,
        request.body.status,
      );
      app.forgetIdentity(uid);
      // A disabled account keeps nothing open: its event streams end now.
      if (user.status === 'disabled') app.events.closeUser(user.id);
      await log(request.user!.id, 'manage_users', {
        op: request.body.status === 'disabled' ? 'disable' : 'enable',
        targetUserId: user.id,
      });
      return user;
    },
  );

  app.post(
    '/users/invite',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Invite by email: creates the identity and returns a password-reset link',
        body: inviteUserBodySchema,
        response: { 201: inviteUserResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await inviteUser(app.db, app.firebaseAuth, request.body);
      await log(request.user!.id, 'manage_users', {
        op: 'invite',
        targetUserId: result.user.id,
        email: result.user.email,
      });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/users/:id/export',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Export all of one user’s data as JSON',
        params: idParams,
      },
    },
    async (request, reply) => {
      const user = await getUser(app.db, request.params.id);
      const data = await exportUserData(app.db, user.id);
      await log(request.user!.id, 'export_user_data', { targetUserId: user.id });
      request.log.info(
        { outcome: 'user_data_exported', target: user.id, by: request.user!.id },
        'export',
      );
      return reply
        .header('content-disposition', attachmentHeader(`bidwright-user-${user.email}.json`))
        .type('application/json')
        .send(JSON.stringify({ exportedAt: new Date().toISOString(), user, data }, null, 2));
    },
  );

  app.delete(
    '/users/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Delete a user and all their data',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const deleted = await deleteUser(app.db, app.firebaseAuth, request.user!, request.params.id);
      app.forgetIdentity(deleted.firebaseUid);
      app.events.closeUser(deleted.id);
      for (const cleanup of app.userDataCleanups) await cleanup(deleted.id);
      await log(request.user!.id, 'manage_users', {
        op: 'delete',
        targetUserId: deleted.id,
        email: deleted.email,
      });
      return reply.status(204).send(null);
    },
  );
};

export default adminRoutes;
