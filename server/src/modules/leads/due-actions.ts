import { and, asc, eq, isNull, lt, lte, notInArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../db/client.ts';
import { leads } from '../../db/schema/leads.ts';
import type { EventBus } from '../../plugins/events.ts';
import { notifyUser } from '../notifications/service.ts';

/**
 * Due next actions reach the bell: a lead that is still open (not deleted, not won or lost) whose
 * next action is due gets one stored notification per due time. The lead remembers when it was
 * told (nextActionNotifiedAt); a due time set later than that notifies again once it passes.
 */

/** Leads notified per run at most; the rest wait for the next run, oldest due first. */
export const DUE_CHECK_BATCH = 500;

export type DueCheckDeps = { db: Database; events: EventBus; log?: FastifyBaseLogger };

/** Answers how many leads were notified in this run. */
export async function notifyDueLeadActions(
  deps: DueCheckDeps,
  now = new Date(),
  batch = DUE_CHECK_BATCH,
): Promise<number> {
  const due = await deps.db
    .select({
      id: leads.id,
      userId: leads.userId,
      contactName: leads.contactName,
      nextAction: leads.nextAction,
      nextActionDue: leads.nextActionDue,
    })
    .from(leads)
    .where(and(lte(leads.nextActionDue, now), notYetNotified()))
    .orderBy(asc(leads.nextActionDue), asc(leads.id))
    .limit(batch);

  let notified = 0;
  for (const lead of due) {
    try {
      if (await notifyOne(deps, lead, now)) notified += 1;
    } catch (error) {
      deps.log?.warn(
        { err: error instanceof Error ? error.message : 'unknown', leadId: lead.id },
        'lead due notification failed',
      );
    }
  }
  return notified;
}

/** Open leads whose current due time has not been notified yet. */
function notYetNotified() {
  return and(
    isNull(leads.deletedAt),
    notInArray(leads.stage, ['won', 'lost']),
    or(isNull(leads.nextActionNotifiedAt), lt(leads.nextActionNotifiedAt, leads.nextActionDue)),
  );
}

type DueLead = {
  id: string;
  userId: string;
  contactName: string;
  nextAction: string;
  nextActionDue: Date | null;
};

/**
 * Marks the lead and stores its notification in one transaction, and pushes it to the open tabs
 * once that has committed. The mark is conditional, so a lead changed meanwhile (moved to won, due
 * time moved) or marked by another run is skipped.
 */
async function notifyOne(deps: DueCheckDeps, lead: DueLead, now: Date): Promise<boolean> {
  if (!lead.nextActionDue) return false;
  const dueAt = lead.nextActionDue;
  const pushes: Array<() => void> = [];
  const afterCommit: EventBus = {
    ...deps.events,
    publish: (userId, event) => pushes.push(() => deps.events.publish(userId, event)),
  };
  const marked = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(leads)
      .set({ nextActionNotifiedAt: now })
      .where(
        and(
          eq(leads.id, lead.id),
          eq(leads.userId, lead.userId),
          eq(leads.nextActionDue, dueAt),
          notYetNotified(),
        ),
      )
      .returning({ id: leads.id });
    if (rows.length === 0) return false;
    await notifyUser(
      tx,
      afterCommit,
      {
        userId: lead.userId,
        kind: 'lead_action_due',
        title: `Next action due: ${lead.contactName}`,
        body: lead.nextAction,
        link: `/leads?lead=${lead.id}`,
      },
      now,
    );
    return true;
  });
  for (const push of pushes) push();
  return marked;
}
