import type { FastifyPluginAsync } from 'fastify';

import { sharedLimiter } from '../upwork/service.ts';
import { savedSearchAlertRound, type PollDeps } from './service.ts';

/**
 * Saved-search alerts every SAVED_SEARCH_POLL_SECONDS (0 turns them off): one job per user with
 * an alerting search, which notifies over /api/events.
 */
const savedSearchPollSchedule: FastifyPluginAsync = async (app) => {
  const seconds = app.config.upwork.savedSearchPollSeconds;
  if (seconds <= 0) return;
  const deps: PollDeps = {
    db: app.db,
    config: app.config,
    limiter: sharedLimiter(app.config),
    events: app.events,
    log: app.log,
  };
  app.jobs.everyForEachUser('saved-search-alerts', seconds * 1000, savedSearchAlertRound(deps));
};

export default savedSearchPollSchedule;
