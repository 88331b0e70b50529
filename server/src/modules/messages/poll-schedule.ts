import type { FastifyPluginAsync } from 'fastify';

import { sharedLimiter } from '../upwork/service.ts';
import { pollMessages, type MessageDeps } from './service.ts';

/**
 * The message poller runs every MESSAGE_POLL_SECONDS (0 turns it off): each connected user's
 * rooms are synced in turn and the Messages badge follows over /api/events.
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
  app.scheduler.every('message poll', seconds * 1000, async () => {
    await pollMessages(deps, app.log);
  });
};

export default messagePollSchedule;
