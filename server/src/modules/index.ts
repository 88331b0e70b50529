import type { FastifyInstance } from 'fastify';

import activityRoutes from './activities/routes.ts';
import adminRoutes from './admin/routes.ts';
import healthRoutes from './health/routes.ts';
import profileRoutes from './profile/routes.ts';
import userRoutes from './users/routes.ts';

/** One line per area (docs/conventions.md): add yours, edit no other line. */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(userRoutes, { prefix: '/api/users' });
  await app.register(activityRoutes, { prefix: '/api/activities' });
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
}
