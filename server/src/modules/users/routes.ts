import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '#contract/errors';
import { backendUserSchema, getUsersQuerySchema } from '#contract/user';

import { getUserByEmail } from './service.ts';

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
};

export default userRoutes;
