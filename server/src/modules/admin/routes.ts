import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { activitySchema, listActivitiesQuerySchema } from '#contract/activity';
import { pageSchema } from '#contract/pagination';
import {
  backendUserSchema,
  exportUserQuerySchema,
  inviteUserBodySchema,
  inviteUserResultSchema,
  listUsersQuerySchema,
  setUserStatusBodySchema,
  updateUserBodySchema,
  userListPageSchema,
} from '#contract/user';

import { attachmentHeader } from '../../csv.ts';
import {
  deleteUser,
  exportUser,
  getUser,
  inviteUser,
  listUserActivity,
  listUsers,
  setUserStatus,
  updateUser,
} from './service.ts';
import { userExportCsv } from './user-export-csv.ts';
import { errorAnswers } from '../../route-errors.ts';

const idParams = z.strictObject({ id: z.uuid({ message: 'id must be a user id (UUID)' }) });
const adminOnly = { role: 'admin', sensitive: true } as const;
const errors = errorAnswers(400, 401, 403, 404, 409);

type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

/** Reading accounts and changing their role, modules or name. */
function registerAccountRoutes(app: AdminApp) {
  app.get(
    '/users',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'List users: search, sort and pages',
        querystring: listUsersQuerySchema,
        response: { 200: userListPageSchema, ...errors },
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

  app.get(
    '/users/:id/activity',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'One user’s activity, newest first, with the activity list’s filters',
        params: idParams,
        querystring: listActivitiesQuerySchema.omit({ userId: true }),
        response: { 200: pageSchema(activitySchema), ...errors },
      },
    },
    async (request) => listUserActivity(app.db, request.user!, request.params.id, request.query),
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
      request.log.info(
        { outcome: 'role_or_modules_changed', target: user.id, by: request.user!.id },
        'user updated',
      );
      return user;
    },
  );
}

/** Disabling, inviting, exporting and deleting accounts: each also reaches the identity service or the event streams. */
function registerAccountLifecycleRoutes(app: AdminApp) {
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
      return user;
    },
  );

  app.post(
    '/users/invite',
    {
      config: { ...adminOnly, idempotency: 'claim' },
      schema: {
        tags: ['admin'],
        summary: 'Invite by email: creates the identity and returns a password-reset link',
        body: inviteUserBodySchema,
        response: { 201: inviteUserResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await inviteUser(app.db, app.firebaseAuth, request.user!, request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/users/:id/export',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Export all of one user’s data as JSON or CSV',
        params: idParams,
        querystring: exportUserQuerySchema,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { user, data } = await exportUser(app.db, request.user!, request.params.id, format);
      request.log.info(
        { outcome: 'user_data_exported', target: user.id, by: request.user!.id, format },
        'export',
      );
      const filename = `bidwright-user-${user.email}.${format}`;
      reply.header('content-disposition', attachmentHeader(filename));
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(userExportCsv(user, data));
      }
      return reply
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
      return reply.status(204).send(null);
    },
  );
}

/** /api/admin: user management, administrators only. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAccountRoutes(app);
  registerAccountLifecycleRoutes(app);
};

export default adminRoutes;
