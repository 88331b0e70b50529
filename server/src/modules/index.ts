import type { FastifyInstance } from 'fastify';

import activityRoutes from './activities/routes.ts';
import adminRoutes from './admin/routes.ts';
import healthRoutes from './health/routes.ts';
import profileRoutes from './profile/routes.ts';
import userRoutes from './users/routes.ts';
import portfolioRoutes from './portfolio/routes.ts';
import portfolioPurgeSchedule from './portfolio/purge-schedule.ts';
import jobRoutes from './jobs/routes.ts';
import upworkRoutes from './upwork/routes.ts';
import savedSearchRoutes from './saved-searches/routes.ts';
import savedSearchPollSchedule from './saved-searches/poll-schedule.ts';
import { upworkJobStore } from './jobs/service.ts';
import responseRoutes from './responses/routes.ts';
import templateRoutes from './templates/routes.ts';
import aiSettingsRoutes from './ai-settings/routes.ts';

/** One line per area, then one per background schedule (docs/conventions.md): edit no other line. */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(userRoutes, { prefix: '/api/users' });
  await app.register(activityRoutes, { prefix: '/api/activities' });
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(portfolioRoutes, { prefix: '/api/portfolio' });
  await app.register(jobRoutes, { prefix: '/api/jobs' });
  await app.register(upworkRoutes, { prefix: '/api/upwork', jobStoreFor: upworkJobStore });
  await app.register(savedSearchRoutes, { prefix: '/api/saved-searches' });
  await app.register(responseRoutes, { prefix: '/api/responses' });
  await app.register(templateRoutes, { prefix: '/api/templates' });
  await app.register(aiSettingsRoutes, { prefix: '/api/ai' });
  await app.register(savedSearchPollSchedule);
  await app.register(portfolioPurgeSchedule);
}
