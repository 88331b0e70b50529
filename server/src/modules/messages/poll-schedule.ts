import type { FastifyPluginAsync } from 'fastify';

import { sharedLimiter } from '../upwork/service.ts';
import { messagePollRound, type MessageDeps } from './service.ts';

/**
 * Messages are synced every MESSAGE_POLL_SECONDS (0 turns it off): one job per connected user,
 * and the Messages badge follows over /api/events.
 */
const messagePollSchedule: FastifyPluginAsync = async (app) => {
  const seconds = app.config.upwork.messagePollSeconds;
  if (seconds <= 0) return;
  const deps: MessageDeps = {
    db: app.db,
    config: app.config,
    limiter: sharedLimiter(app.config),
    events: app.events,
  };
  app.jobs.everyForEachUser('message-poll', seconds * 1000, messagePollRound(deps));
};

export default messagePollSchedule;
