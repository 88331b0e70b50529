import type { FastifyPluginAsync } from 'fastify';

import { sharedLimiter } from '../upwork/service.ts';
import { pollSavedSearches, type PollDeps } from './service.ts';

/**
 * The saved-search alert poller runs every SAVED_SEARCH_POLL_SECONDS (0 turns it off) and
 * notifies over /api/events.
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
  app.scheduler.every('saved search poll', seconds * 1000, () => pollSavedSearches(deps));
};

export default savedSearchPollSchedule;
