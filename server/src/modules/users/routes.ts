import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '#contract/errors';
import { backendUserSchema, getUsersQuerySchema, updateOwnUserBodySchema } from '#contract/user';

import { getUserByEmail, renameSelf } from './service.ts';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: 'The backend user record for an email (your own; admins: anyone)',
        querystring: getUsersQuerySchema,
        response: { 200: backendUserSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getUserByEmail(app.db, request.user!, request.query.email),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Change your own display name',
        body: updateOwnUserBodySchema,
        response: { 200: backendUserSchema, 400: apiErrorSchema },
      },
    },
    async (request) =>
      renameSelf(app.db, request.user!, request.body.name, request.headers['user-agent']),
  );
};

export default userRoutes;
