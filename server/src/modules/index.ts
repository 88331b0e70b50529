import type { FastifyInstance } from 'fastify';

import type { Database } from '../db/client.ts';

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
import { rescoreJobsStep, skillsInJobs, upworkJobStore } from './jobs/service.ts';
import { activeAdministratorContacts } from './users/service.ts';
import responseRoutes from './responses/routes.ts';
import { countPortfolioCitations as countCitations, responseTitle } from './responses/service.ts';
import templateRoutes from './templates/routes.ts';
import aiSettingsRoutes from './ai-settings/routes.ts';
import notificationRoutes from './notifications/routes.ts';
import notificationPurgeSchedule from './notifications/purge-schedule.ts';
import quoteRoutes from './quotes/routes.ts';
import { requireQuoteRow } from './quotes/service.ts';
import quoteGenerationRoutes from './quote-generation/routes.ts';
import quoteShareRoutes from './quote-share/routes.ts';
import quoteExportRoutes from './quote-export/routes.ts';
import quoteTemplateRoutes from './quote-templates/routes.ts';
import transactionRoutes from './transactions/routes.ts';
import transactionSyncSchedule from './transactions/sync-schedule.ts';
import leadRoutes from './leads/routes.ts';
import leadPurgeSchedule from './leads/purge-schedule.ts';
import leadCsvRoutes from './leads/csv-routes.ts';
import leadDueActionsSchedule from './leads/due-actions-schedule.ts';
import messageRoutes from './messages/routes.ts';
import messagePollSchedule from './messages/poll-schedule.ts';
import analyticsRoutes from './analytics/routes.ts';

/** A quote's title for a lead link; another user's quote answers 404 'Quote not found'. */
const quoteTitle = async (db: Database, userId: string, id: string) =>
  (await requireQuoteRow(db, userId, id)).title;

/**
 * One registration per area, then one per background schedule (docs/conventions.md). Where an area
 * needs another area's figures, the function is passed in here, so no two areas import each other.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(userRoutes, { prefix: '/api/users' });
  await app.register(activityRoutes, { prefix: '/api/activities' });
  await app.register(profileRoutes, {
    prefix: '/api/profile',
    jobScores: { rescoreJobsStep, skillsInJobs },
    activeAdministrators: activeAdministratorContacts,
  });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(portfolioRoutes, { prefix: '/api/portfolio', countCitations });
  await app.register(jobRoutes, { prefix: '/api/jobs' });
  await app.register(upworkRoutes, { prefix: '/api/upwork', jobStoreFor: upworkJobStore });
  await app.register(savedSearchRoutes, { prefix: '/api/saved-searches' });
  await app.register(responseRoutes, { prefix: '/api/responses' });
  await app.register(templateRoutes, { prefix: '/api/templates' });
  await app.register(aiSettingsRoutes, { prefix: '/api/ai' });
  await app.register(notificationRoutes, { prefix: '/api/notifications' });
  await app.register(quoteRoutes, { prefix: '/api/quotes' });
  await app.register(quoteGenerationRoutes, { prefix: '/api/quotes' });
  await app.register(quoteExportRoutes, { prefix: '/api/quotes' });
  await app.register(quoteShareRoutes, { prefix: '/api' });
  await app.register(quoteTemplateRoutes, { prefix: '/api/quote-templates' });
  await app.register(transactionRoutes, { prefix: '/api/transactions' });
  await app.register(leadRoutes, {
    prefix: '/api/leads',
    linkTitles: { quote: quoteTitle, response: responseTitle },
  });
  await app.register(leadCsvRoutes, { prefix: '/api/leads' });
  await app.register(messageRoutes, { prefix: '/api/messages' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  await app.register(savedSearchPollSchedule);
  await app.register(notificationPurgeSchedule);
  await app.register(portfolioPurgeSchedule);
  await app.register(transactionSyncSchedule);
  await app.register(leadPurgeSchedule);
  await app.register(leadDueActionsSchedule);
  await app.register(messagePollSchedule);
}
