import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiErrorSchema } from '#contract/errors';
import { profileSchema, updateProfileBodySchema } from '#contract/profile';

import { getProfile, updateProfile } from './service.ts';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['profile'],
        summary: 'The caller’s profile',
        response: { 200: profileSchema },
      },
    },
    async (request) => getProfile(app.db, request.user!),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update the caller’s profile (fields not sent are kept)',
        body: updateProfileBodySchema,
        response: { 200: profileSchema, 400: apiErrorSchema },
      },
    },
    async (request) =>
      updateProfile(app.db, request.user!, request.body, request.headers['user-agent']),
  );
};

export default profileRoutes;
