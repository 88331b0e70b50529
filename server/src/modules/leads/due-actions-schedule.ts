import type { FastifyPluginAsync } from 'fastify';

import { notifyDueLeadActions } from './due-actions.ts';

/** Due next actions of leads reach the bell every LEAD_DUE_CHECK_SECONDS (0 turns it off). */
const leadDueActionsSchedule: FastifyPluginAsync = async (app) => {
  const seconds = app.config.leads.dueCheckSeconds;
  if (seconds <= 0) return;
  app.jobs.every('lead-due-actions', seconds * 1000, () =>
    notifyDueLeadActions({ db: app.db, events: app.events, log: app.log }),
  );
};

export default leadDueActionsSchedule;
