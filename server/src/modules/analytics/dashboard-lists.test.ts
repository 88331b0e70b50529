import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DASHBOARD_LIST_LIMIT, type DashboardLists } from '#contract/dashboard';
import type { JobVerdict } from '#contract/jobs';
import type { LeadStage } from '#contract/leads';
import type { QuoteStatus } from '#contract/quotes';

import { addUser } from '../../../../tests/support/response-history.ts';
import { openTestDatabase } from '#test-support/test-database';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { leads } from '../../db/schema/leads.ts';
import { messageRooms, messages } from '../../db/schema/messages.ts';
import { quoteShares, quoteViews, quotes } from '../../db/schema/quotes.ts';
import { dashboardLists } from './dashboard-lists.ts';

/**
 * The dashboard's four lists for a user with known rows (and another user's rows beside them):
 * each expected list is selected and sorted here from the plan the rows were inserted from.
 */

const now = new Date('2026-03-15T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

type PlannedJob = {
  title: string;
  worth: number | null;
  verdict: JobVerdict | null;
  fetchedDaysAgo: number;
  postedDaysAgo?: number;
  hidden?: boolean;
  applied?: boolean;
  acted?: boolean;
};
const plannedJobs: PlannedJob[] = [
  { title: 'Shopify store', worth: 900, verdict: 'apply', fetchedDaysAgo: 1, postedDaysAgo: 1 },
  { title: 'React dashboard', worth: 1_500, verdict: 'apply', fetchedDaysAgo: 2 },
  { title: 'Landing page', worth: 300, verdict: 'maybe', fetchedDaysAgo: 3 },
  { title: 'Old but reposted', worth: 700, verdict: 'maybe', fetchedDaysAgo: 20, postedDaysAgo: 2 },
  { title: 'Logo', worth: 100, verdict: 'maybe', fetchedDaysAgo: 6 },
  { title: 'API work', worth: 1_200, verdict: 'apply', fetchedDaysAgo: 0 },
  { title: 'Scraper', worth: 50, verdict: 'maybe', fetchedDaysAgo: 4 },
  { title: 'Skip me', worth: 5_000, verdict: 'skip', fetchedDaysAgo: 1 },
  { title: 'Hidden', worth: 4_000, verdict: 'apply', fetchedDaysAgo: 1, hidden: true },
  { title: 'Applied', worth: 4_000, verdict: 'apply', fetchedDaysAgo: 1, applied: true },
  { title: 'Answered', worth: 4_000, verdict: 'apply', fetchedDaysAgo: 1, acted: true },
  { title: 'Too old', worth: 4_000, verdict: 'apply', fetchedDaysAgo: 9, postedDaysAgo: 9 },
  { title: 'Not scored', worth: null, verdict: null, fetchedDaysAgo: 1 },
];

type PlannedLead = { name: string; stage: LeadStage; due: string | null; deleted?: boolean };
const plannedLeads: PlannedLead[] = [
  { name: 'Overdue a week', stage: 'contacted', due: '2026-03-08T09:00:00Z' },
  { name: 'Due this morning', stage: 'qualified', due: '2026-03-15T08:00:00Z' },
  { name: 'Due tonight', stage: 'proposal', due: '2026-03-15T23:30:00Z' },
  { name: 'Due tomorrow', stage: 'new', due: '2026-03-16T00:30:00Z' },
  { name: 'Won already', stage: 'won', due: '2026-03-10T09:00:00Z' },
  { name: 'Lost already', stage: 'lost', due: '2026-03-10T09:00:00Z' },
  { name: 'Deleted', stage: 'new', due: '2026-03-10T09:00:00Z', deleted: true },
  { name: 'Nothing planned', stage: 'new', due: null },
];

type PlannedRoom = {
  name: string;
  unread: number;
  lastAt: string | null;
  bodies: string[];
  preview?: string;
};
const plannedRooms: PlannedRoom[] = [
  { name: 'Maya', unread: 2, lastAt: '2026-03-14T10:00:00Z', bodies: ['Hi', 'Can we talk today?'] },
  { name: 'Omar', unread: 1, lastAt: '2026-03-15T09:00:00Z', bodies: ['Thanks, sent the brief'] },
  { name: 'Read room', unread: 0, lastAt: '2026-03-15T11:00:00Z', bodies: ['All good'] },
  {
    name: 'Preview only',
    unread: 3,
    lastAt: '2026-03-01T09:00:00Z',
    bodies: [],
    preview: 'Hello?',
  },
];

type PlannedQuote = {
  title: string;
  status: QuoteStatus;
  validUntil: string;
  viewsDaysAgo: number[];
};
const plannedQuotes: PlannedQuote[] = [
  { title: 'Opened twice', status: 'viewed', validUntil: '2026-04-30', viewsDaysAgo: [5, 1] },
  { title: 'Opened once', status: 'viewed', validUntil: '2026-04-30', viewsDaysAgo: [3] },
  { title: 'Lapsed', status: 'viewed', validUntil: '2026-03-01', viewsDaysAgo: [10] },
  { title: 'Accepted', status: 'accepted', validUntil: '2026-04-30', viewsDaysAgo: [2] },
  { title: 'Not opened', status: 'sent', validUntil: '2026-04-30', viewsDaysAgo: [] },
];

let handle: DatabaseHandle;
let db: Database;
let owner: string;
let stranger: string;
let lists: DashboardLists;

async function insertJobs(userId: string, planned: PlannedJob[]) {
  for (const [index, job] of planned.entries()) {
    await db.insert(jobs).values({
      userId,
      source: 'manual',
      externalId: `list-job-${userId}-${index}`,
      title: job.title,
      worthPerConnectMinor: job.worth,
      verdict: job.verdict,
      fitScore: job.worth === null ? null : 60 + index,
      fetchedAt: daysAgo(job.fetchedDaysAgo),
      postedAt: job.postedDaysAgo === undefined ? null : daysAgo(job.postedDaysAgo),
      hiddenAt: job.hidden ? now : null,
      appliedAt: job.applied ? now : null,
      actedAt: job.acted ? now : null,
    });
  }
}

async function insertRoom(userId: string, room: PlannedRoom, index: number) {
  const [row] = await db
    .insert(messageRooms)
    .values({
      userId,
      externalId: `room-${userId}-${index}`,
      name: room.name,
      unread: room.unread,
      latestPreview: room.preview ?? '',
      lastMessageAt: room.lastAt ? new Date(room.lastAt) : null,
    })
    .returning({ id: messageRooms.id });
  for (const [order, body] of room.bodies.entries()) {
    await db.insert(messages).values({
      userId,
      roomId: row!.id,
      externalId: `message-${index}-${order}`,
      fromClient: true,
      body,
      sentAt: new Date(Date.parse(room.lastAt!) - (room.bodies.length - order) * 60_000),
    });
  }
}

async function insertQuote(userId: string, quote: PlannedQuote) {
  const [row] = await db
    .insert(quotes)
    .values({
      userId,
      title: quote.title,
      clientName: 'Acme',
      status: quote.status,
      currency: 'USD',
      validUntil: quote.validUntil,
      document: {} as never,
      totalMinor: 250_000,
    })
    .returning({ id: quotes.id });
  const [share] = await db
    .insert(quoteShares)
    .values({ userId, quoteId: row!.id, tokenHash: `hash-${row!.id}`, tokenEncrypted: 'x' })
    .returning({ id: quoteShares.id });
  for (const days of quote.viewsDaysAgo) {
    await db
      .insert(quoteViews)
      .values({ userId, quoteId: row!.id, shareId: share!.id, createdAt: daysAgo(days) });
  }
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  owner = await addUser(db);
  stranger = await addUser(db);
  await insertJobs(owner, plannedJobs);
  await insertJobs(stranger, [
    { title: 'Theirs', worth: 9_999, verdict: 'apply', fetchedDaysAgo: 0 },
  ]);
  for (const lead of plannedLeads) {
    await db.insert(leads).values({
      userId: owner,
      contactName: lead.name,
      stage: lead.stage,
      nextAction: `Call ${lead.name}`,
      nextActionDue: lead.due ? new Date(lead.due) : null,
      deletedAt: lead.deleted ? now : null,
    });
  }
  await db.insert(leads).values({
    userId: stranger,
    contactName: 'Theirs',
    nextActionDue: daysAgo(3),
  });
  for (const [index, room] of plannedRooms.entries()) await insertRoom(owner, room, index);
  await insertRoom(
    stranger,
    { name: 'Theirs', unread: 9, lastAt: now.toISOString(), bodies: ['x'] },
    99,
  );
  for (const quote of plannedQuotes) await insertQuote(owner, quote);
  await insertQuote(stranger, {
    title: 'Theirs',
    status: 'viewed',
    validUntil: '2026-04-30',
    viewsDaysAgo: [1],
  });
  lists = await dashboardLists(db, owner, now, 'UTC');
});
afterAll(async () => handle.close());

describe('dashboard lists', () => {
  it('lists the best new jobs by worth per Connect, the first few and how many in all', () => {
    const eligible = plannedJobs
      .filter((job) => job.worth !== null && job.verdict !== 'skip')
      .filter((job) => !job.hidden && !job.applied && !job.acted)
      .filter((job) => job.fetchedDaysAgo <= 7 || (job.postedDaysAgo ?? 99) <= 7)
      .sort((a, b) => b.worth! - a.worth!);
    expect(lists.bestJobs.total).toBe(eligible.length);
    expect(eligible.length).toBeGreaterThan(DASHBOARD_LIST_LIMIT);
    expect(lists.bestJobs.items.map((job) => [job.title, job.worthPerConnectMinor])).toEqual(
      eligible.slice(0, DASHBOARD_LIST_LIMIT).map((job) => [job.title, job.worth]),
    );
  });

  it('lists open leads due before the end of today, the longest overdue first', () => {
    const endOfToday = Date.parse('2026-03-16T00:00:00Z');
    const due = plannedLeads
      .filter((lead) => lead.due !== null && Date.parse(lead.due) < endOfToday)
      .filter((lead) => !lead.deleted && lead.stage !== 'won' && lead.stage !== 'lost')
      .sort((a, b) => Date.parse(a.due!) - Date.parse(b.due!));
    expect(lists.dueLeads.total).toBe(due.length);
    expect(lists.dueLeads.items.map((lead) => [lead.contactName, lead.nextActionDue])).toEqual(
      due.map((lead) => [lead.name, new Date(lead.due!).toISOString()]),
    );
  });

  it('ends today in the user’s time zone', async () => {
    // In Auckland (UTC+13) it is already the 16th, so tomorrow's 00:30 UTC is due today there.
    const auckland = await dashboardLists(db, owner, now, 'Pacific/Auckland');
    expect(auckland.dueLeads.items.map((lead) => lead.contactName)).toContain('Due tomorrow');
    // In Los Angeles it is still the morning of the 15th: 23:30 UTC is today there, too.
    const losAngeles = await dashboardLists(db, owner, now, 'America/Los_Angeles');
    expect(losAngeles.dueLeads.items.map((lead) => lead.contactName)).toContain('Due tonight');
  });

  it('lists rooms with unread messages, newest first, with the last message’s text', () => {
    const unread = plannedRooms
      .filter((room) => room.unread > 0)
      .sort((a, b) => Date.parse(b.lastAt!) - Date.parse(a.lastAt!));
    expect(lists.unreadRooms.total).toBe(unread.length);
    expect(
      lists.unreadRooms.items.map((room) => [room.title, room.unread, room.lastMessage]),
    ).toEqual(unread.map((room) => [room.name, room.unread, room.bodies.at(-1) ?? room.preview]));
  });

  it('lists quotes opened and not decided, with their views, the latest opened first', () => {
    const today = now.toISOString().slice(0, 10);
    const viewed = plannedQuotes
      .filter((quote) => quote.status === 'viewed' && quote.validUntil >= today)
      .sort((a, b) => Math.min(...a.viewsDaysAgo) - Math.min(...b.viewsDaysAgo));
    expect(lists.viewedQuotes.total).toBe(viewed.length);
    expect(
      lists.viewedQuotes.items.map((quote) => [quote.title, quote.views, quote.lastViewedAt]),
    ).toEqual(
      viewed.map((quote) => [
        quote.title,
        quote.viewsDaysAgo.length,
        daysAgo(Math.min(...quote.viewsDaysAgo)).toISOString(),
      ]),
    );
  });

  it('shows another user only their own rows', async () => {
    const theirs = await dashboardLists(db, stranger, now, 'UTC');
    expect(theirs.bestJobs.items.map((job) => job.title)).toEqual(['Theirs']);
    expect(theirs.dueLeads.items.map((lead) => lead.contactName)).toEqual(['Theirs']);
    expect(theirs.unreadRooms.items.map((room) => room.title)).toEqual(['Theirs']);
    expect(theirs.viewedQuotes.items.map((quote) => quote.title)).toEqual(['Theirs']);
  });
});
