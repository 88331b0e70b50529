import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ServerEvent } from '../../plugins/events.ts';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { leads } from '../../db/schema/leads.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { notifyDueLeadActions } from './due-actions.ts';
import { insertLeadRows, type LeadInsert } from './repo.ts';

/**
 * Due next actions reach the bell once per due time. The harness checks every second, with the
 * real clock; the other tests set their dues in 2090 and pass their own "now", so the background
 * check never sees their leads.
 */
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ env: { LEAD_DUE_CHECK_SECONDS: '1' } });
});
afterAll(async () => {
  await h.close();
});

const at = (iso: string) => new Date(iso);
const deps = () => ({ db: h.database.db, events: h.app.events });

async function makeLead(user: SignedIn, lead: LeadInsert): Promise<string> {
  const [row] = await insertLeadRows(h.database.db, user.user.id, [lead]);
  return row!.id;
}

async function notificationsOf(user: SignedIn) {
  return h.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.user.id), eq(notifications.kind, 'lead_action_due')));
}

function listen(user: SignedIn): ServerEvent[] {
  const events: ServerEvent[] = [];
  h.app.events.subscribe(user.user.id, (event) => events.push(event));
  return events;
}

describe('due next actions', () => {
  it('the schedule notifies a lead whose next action is due', async () => {
    const user = await h.signIn();
    const id = await makeLead(user, {
      contactName: 'Scheduled Sue',
      nextAction: 'Send the estimate',
      nextActionDue: new Date(Date.now() - 60_000),
    });
    const deadline = Date.now() + 8_000;
    while ((await notificationsOf(user)).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [stored] = await notificationsOf(user);
    expect(stored).toMatchObject({
      title: 'Next action due: Scheduled Sue',
      body: 'Send the estimate',
      link: `/leads?lead=${id}`,
    });
  });

  it('notifies an open, due lead once, and pushes it to the user’s tabs', async () => {
    const user = await h.signIn();
    const events = listen(user);
    const id = await makeLead(user, {
      contactName: 'Dana Due',
      nextAction: 'Call about the budget',
      nextActionDue: at('2090-05-01T09:00:00Z'),
    });
    // Not due yet.
    await notifyDueLeadActions(deps(), at('2090-05-01T08:59:00Z'));
    expect(await notificationsOf(user)).toHaveLength(0);

    await notifyDueLeadActions(deps(), at('2090-05-01T09:00:00Z'));
    await notifyDueLeadActions(deps(), at('2090-05-01T10:00:00Z'));
    const stored = await notificationsOf(user);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      title: 'Next action due: Dana Due',
      body: 'Call about the budget',
      link: `/leads?lead=${id}`,
    });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'notification',
        data: expect.objectContaining({
          id: stored[0]!.id,
          title: 'Next action due: Dana Due',
          href: `/leads?lead=${id}`,
        }),
      }),
    ]);
    const [lead] = await h.database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead!.nextActionNotifiedAt?.toISOString()).toBe('2090-05-01T09:00:00.000Z');
  });

  it('notifies again once a due time moved later has passed', async () => {
    const user = await h.signIn();
    const id = await makeLead(user, {
      contactName: 'Moved Max',
      nextAction: 'First call',
      nextActionDue: at('2090-06-01T09:00:00Z'),
    });
    await notifyDueLeadActions(deps(), at('2090-06-01T12:00:00Z'));
    await h.database.db
      .update(leads)
      .set({ nextAction: 'Second call', nextActionDue: at('2090-06-03T09:00:00Z') })
      .where(eq(leads.id, id));
    await notifyDueLeadActions(deps(), at('2090-06-02T12:00:00Z'));
    expect(await notificationsOf(user)).toHaveLength(1);
    await notifyDueLeadActions(deps(), at('2090-06-03T09:30:00Z'));
    await notifyDueLeadActions(deps(), at('2090-06-03T10:30:00Z'));
    const bodies = (await notificationsOf(user)).map((row) => row.body).sort();
    expect(bodies).toEqual(['First call', 'Second call']);
  });

  it('leaves won, lost, deleted and undated leads alone', async () => {
    const user = await h.signIn();
    const due = at('2090-07-01T09:00:00Z');
    await makeLead(user, { contactName: 'Won Wes', stage: 'won', nextActionDue: due });
    await makeLead(user, { contactName: 'Lost Lia', stage: 'lost', nextActionDue: due });
    await makeLead(user, { contactName: 'No Date', nextAction: 'Someday' });
    const deleted = await makeLead(user, { contactName: 'Binned Bo', nextActionDue: due });
    await h.database.db.update(leads).set({ deletedAt: due }).where(eq(leads.id, deleted));
    await notifyDueLeadActions(deps(), at('2090-07-02T00:00:00Z'));
    expect(await notificationsOf(user)).toHaveLength(0);
  });

  it('caps a run and takes the oldest due first; the rest come on the next run', async () => {
    const user = await h.signIn();
    await makeLead(user, { contactName: 'Later Lee', nextActionDue: at('2090-08-02T09:00:00Z') });
    await makeLead(user, { contactName: 'Early Eve', nextActionDue: at('2090-08-01T09:00:00Z') });
    const now = at('2090-08-03T00:00:00Z');
    expect(await notifyDueLeadActions(deps(), now, 1)).toBe(1);
    expect((await notificationsOf(user)).map((row) => row.title)).toEqual([
      'Next action due: Early Eve',
    ]);
    expect(await notifyDueLeadActions(deps(), now, 1)).toBe(1);
    expect(await notifyDueLeadActions(deps(), now, 1)).toBe(0);
    expect(await notificationsOf(user)).toHaveLength(2);
  });

  it('tells each user about their own leads only', async () => {
    const ann = await h.signIn();
    const ben = await h.signIn();
    await makeLead(ann, { contactName: 'Ann’s Client', nextActionDue: at('2090-09-01T09:00:00Z') });
    await notifyDueLeadActions(deps(), at('2090-09-02T00:00:00Z'));
    expect(await notificationsOf(ann)).toHaveLength(1);
    expect(await notificationsOf(ben)).toHaveLength(0);
  });
});
