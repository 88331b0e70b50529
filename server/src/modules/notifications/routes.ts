import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  listNotificationsQuerySchema,
  notificationIdParamsSchema,
  notificationsPageSchema,
  storedNotificationSchema,
  unreadCountSchema,
} from '#contract/notifications';

import { errorAnswers } from '../../route-errors.ts';
import * as service from './service.ts';

const errors = errorAnswers(400, 401, 404);

/** /api/notifications: the signed-in user's stored alerts, for the bell in the top bar. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s alerts, newest first, with the unread count',
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errors },
      },
    },
    async (request) => service.listNotifications(app.db, request.user!.id, request.query),
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one alert read',
        params: notificationIdParamsSchema,
        response: { 200: storedNotificationSchema, ...errors },
      },
    },
    async (request) => service.markNotificationRead(app.db, request.user!.id, request.params.id),
  );

  app.post(
    '/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every alert of the caller read',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => service.markAllNotificationsRead(app.db, request.user!.id),
  );
};

export default notificationRoutes;
