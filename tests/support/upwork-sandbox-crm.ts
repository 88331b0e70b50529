import type { IncomingMessage, ServerResponse } from 'node:http';

import {
  clientForJob,
  dayOf,
  incomeWithFee,
  seedCrm,
  type SandboxContract,
  type SandboxPerson,
  type SandboxProposal,
  type SandboxRoom,
  type SandboxStory,
  type SandboxTransaction,
} from './upwork-sandbox-crm-seed.ts';
import { readBody, send } from './upwork-sandbox-http.ts';
import type { SandboxJob } from './upwork-sandbox-jobs.ts';

/**
 * The sandbox's CRM side: rooms and stories (messages), the freelancer's proposals, contracts and
 * transaction history, with state, plus a simulated client. Upwork has no API to submit a
 * proposal (the freelancer submits on upwork.com), so when `vendorProposals` is asked about a job
 * the sandbox takes it that the freelancer has just submitted one there: it answers a proposal
 * (one stable id per job) and schedules the client, who opens a proposal room with a first
 * message after `clientReplyAfterSeconds`, and hires the freelancer (an active contract, its
 * income and Upwork's fee in the ledger) after `hireAfterSeconds`. A message the freelancer posts
 * in a proposal room gets one more answer from the client.
 */

export type SandboxCrmOptions = {
  now: () => Date;
  seed: number;
  freelancer: SandboxPerson;
  /** The freelancer's hourly rate, as Upwork's decimal string (hourly hires use it). */
  hourlyRate: string;
  findJob: (id: string) => SandboxJob | undefined;
  transactionCount?: number;
  clientReplyAfterSeconds?: number;
  hireAfterSeconds?: number;
};

export type SentStory = { id: string; roomId: string; message: string; createdAt: string };

export type SandboxCrm = {
  rooms: SandboxRoom[];
  stories: SandboxStory[];
  proposals: SandboxProposal[];
  contracts: SandboxContract[];
  transactions: SandboxTransaction[];
  /** What the freelancer sent through `createRoomStoryV2`, oldest first. */
  sentStories: SentStory[];
  /** The room's client writes a message (unread for the freelancer). */
  clientWrites: (roomId: string, message: string) => SandboxStory;
  /** The GraphQL operation a query runs, when it is one of the CRM's; null otherwise. */
  operationOf: (query: string) => CrmOperation | null;
  /** Answers a CRM operation: `data`, or `errors` as Upwork sends them on HTTP 200. */
  answer: (operation: CrmOperation, variables: Record<string, unknown>) => unknown;
  /** The test doors under /sandbox/...; false when the request is not one of them. */
  handleControl: (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<boolean>;
  close: () => void;
};

const OPERATIONS = [
  'roomList',
  'roomStories',
  'createRoomStoryV2',
  'vendorProposals',
  'vendorContracts',
  'transactionHistory',
] as const;
export type CrmOperation = (typeof OPERATIONS)[number];

type Pagination = { first?: number; after?: string } | undefined;

/** Relay pages with a stringified offset as cursor, as Upwork's lists do. */
function page<T>(items: T[], pagination: Pagination, max = 100) {
  const first = Math.min(Math.max(Number(pagination?.first ?? 10) || 10, 1), max);
  const offset = Math.max(0, Number(pagination?.after ?? 0) || 0);
  const slice = items.slice(offset, offset + first);
  return {
    totalCount: items.length,
    pageInfo: {
      hasNextPage: offset + first < items.length,
      endCursor: String(offset + slice.length),
    },
    edges: slice.map((node, i) => ({ cursor: String(offset + i + 1), node })),
  };
}

const failure = (message: string) => ({
  data: null,
  errors: [{ message, extensions: { classification: 'ExecutionAborted' } }],
});

const firstName = (name: string) => name.split(' ')[0] ?? name;

export function createSandboxCrm(options: SandboxCrmOptions): SandboxCrm {
  const { now, freelancer } = options;
  const seed = seedCrm({
    now: now(),
    seed: options.seed,
    freelancer,
    ...(options.transactionCount === undefined
      ? {}
      : { transactionCount: options.transactionCount }),
  });
  const { rooms, stories, contracts, transactions } = seed;
  const proposals: SandboxProposal[] = [];
  const sentStories: SentStory[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const answeredRooms = new Set<string>();
  const replyMs = (options.clientReplyAfterSeconds ?? 60) * 1000;
  const hireMs = (options.hireAfterSeconds ?? 120) * 1000;
  let sequence = 0;
  const nextId = (prefix: string) =>
    `${prefix}${String(Date.now()).slice(-8)}${String(++sequence).padStart(4, '0')}`;

  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const addStory = (room: SandboxRoom, user: SandboxPerson, message: string): SandboxStory => {
    const story = { id: nextId('7'), roomId: room.id, message, createdAt: now(), user };
    stories.push(story);
    room.lastActivityAt = story.createdAt;
    return story;
  };

  const clientWrites = (roomId: string, message: string) => {
    const room = rooms.find((r) => r.id === roomId);
    if (!room) throw new Error(`No sandbox room ${roomId}`);
    room.numUnread += 1;
    return addStory(room, room.client, message);
  };

  /** The client of a job opens the proposal room with a first question. */
  const openProposalRoom = (job: SandboxJob, proposal: SandboxProposal) => {
    if (rooms.some((r) => r.proposalId === proposal.id)) return;
    const client = clientForJob(job.id);
    const room: SandboxRoom = {
      id: `3${proposal.id}`,
      roomName: job.title,
      roomType: 'ONE_ON_ONE',
      numUnread: 0,
      contractId: null,
      proposalId: proposal.id,
      jobId: job.id,
      client: { id: client.id, name: client.name },
      createdAt: now(),
      lastActivityAt: now(),
    };
    rooms.unshift(room);
    clientWrites(
      room.id,
      `Hi ${firstName(freelancer.name)}, thanks for your proposal for ${job.title}. Could you share a similar project and your availability this week?`,
    );
  };

  /** The client hires: an active contract, and its first income with Upwork's fee, dated today. */
  const hire = (job: SandboxJob, proposal: SandboxProposal) => {
    if (contracts.some((c) => c.jobId === job.id)) return;
    const client = clientForJob(job.id);
    const fixed = Number(job.amount.rawValue) > 0;
    const contract: SandboxContract = {
      id: `4${proposal.id}`,
      title: job.title,
      status: 'ACTIVE',
      startDate: dayOf(now()),
      offerId: `5${proposal.id}`,
      jobId: job.id,
      client: { id: `org-${job.id}`, name: client.company },
      type: fixed ? 'fixed' : 'hourly',
      amount: fixed ? job.amount.rawValue : options.hourlyRate,
      currency: 'USD',
    };
    contracts.unshift(contract);
    proposal.status = 'Hired';
    const room = rooms.find((r) => r.proposalId === proposal.id);
    if (room) room.contractId = contract.id;
    const cents = Math.round(Number(contract.amount) * 100);
    const income = fixed ? cents : cents * 10;
    const what = fixed ? 'Fixed-price milestone' : '10:00 hrs';
    // Record ids stable per job: asking twice, or a second sync, sees the same rows.
    let hash = 0;
    for (const char of job.id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    const recordId = 900_000_000 + (hash % 40_000_000) * 2;
    transactions.push(...incomeWithFee(recordId, dayOf(now()), contract, income, what));
  };

  /** Asked about jobs: each known job gets its proposal, and its client is scheduled once. */
  const proposalsFor = (jobIds: string[]) => {
    for (const jobId of jobIds) {
      if (proposals.some((p) => p.jobId === jobId)) continue;
      const job = options.findJob(jobId);
      if (!job) continue;
      const proposal: SandboxProposal = {
        id: `6${job.id}`,
        jobId,
        status: 'Active',
        createdAt: now(),
      };
      proposals.push(proposal);
      later(replyMs, () => openProposalRoom(job, proposal));
      later(hireMs, () => hire(job, proposal));
    }
    return proposals
      .filter((p) => jobIds.includes(p.jobId))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  };

  const roomNode = (room: SandboxRoom) => {
    const latest = stories.filter((s) => s.roomId === room.id).at(-1);
    return {
      id: room.id,
      roomName: room.roomName,
      roomType: room.roomType,
      numUnread: room.numUnread,
      contractId: room.contractId,
      vendorProposal: room.proposalId ? { id: room.proposalId } : null,
      roomUsers: [
        { user: freelancer, role: 'participant' },
        { user: room.client, role: 'owner' },
      ],
      latestStory: latest
        ? {
            id: latest.id,
            message: latest.message,
            createdDateTime: latest.createdAt.toISOString(),
          }
        : null,
    };
  };

  const answer = (operation: CrmOperation, variables: Record<string, unknown>): unknown => {
    switch (operation) {
      case 'roomList': {
        const filter = (variables.filter ?? {}) as { activeSince_eq?: string };
        const since = filter.activeSince_eq ? Date.parse(filter.activeSince_eq) : Number.NaN;
        const listed = rooms
          .filter((room) => Number.isNaN(since) || room.lastActivityAt.getTime() >= since)
          .sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime());
        return {
          data: { roomList: page(listed.map(roomNode), variables.pagination as Pagination) },
        };
      }
      case 'roomStories': {
        const filter = (variables.filter ?? {}) as {
          roomId_eq?: string;
          storyFilter?: {
            storyCreatedDateTime_bt?: { rangeStart?: string; rangeEnd?: string };
            pagination?: Pagination;
          };
        };
        if (!rooms.some((room) => room.id === filter.roomId_eq)) return failure('Room not found');
        const range = filter.storyFilter?.storyCreatedDateTime_bt;
        const start = range?.rangeStart ? Date.parse(range.rangeStart) : -Infinity;
        const end = range?.rangeEnd ? Date.parse(range.rangeEnd) : Infinity;
        // Newest first, as Upwork's messenger pages them.
        const listed = stories
          .filter((s) => s.roomId === filter.roomId_eq)
          .filter((s) => s.createdAt.getTime() >= start && s.createdAt.getTime() <= end)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .map((s) => ({
            id: s.id,
            message: s.message,
            createdDateTime: s.createdAt.toISOString(),
            user: s.user,
          }));
        return { data: { roomStories: page(listed, filter.storyFilter?.pagination) } };
      }
      case 'createRoomStoryV2': {
        const input = (variables.input ?? {}) as { roomId?: string; message?: string };
        const room = rooms.find((r) => r.id === input.roomId);
        if (!room) return failure('Room not found');
        if (!input.message?.trim()) return failure('Validation error: message must not be empty');
        const story = addStory(room, freelancer, input.message);
        // Writing in a room reads it.
        room.numUnread = 0;
        sentStories.push({
          id: story.id,
          roomId: room.id,
          message: story.message,
          createdAt: story.createdAt.toISOString(),
        });
        if (room.proposalId && !answeredRooms.has(room.id)) {
          answeredRooms.add(room.id);
          later(replyMs, () =>
            clientWrites(
              room.id,
              `Sounds good, ${firstName(freelancer.name)}. That example is close to what we need; I will send the offer shortly.`,
            ),
          );
        }
        return {
          data: {
            createRoomStoryV2: { id: story.id, createdDateTime: story.createdAt.toISOString() },
          },
        };
      }
      case 'vendorProposals': {
        const filter = (variables.filter ?? {}) as { jobPostingIds_any?: unknown };
        const ids = Array.isArray(filter.jobPostingIds_any)
          ? filter.jobPostingIds_any.map(String)
          : [];
        const nodes = proposalsFor(ids).map((p) => ({
          id: p.id,
          status: { status: p.status },
          auditDetails: { createdDateTime: p.createdAt.toISOString() },
          marketplaceJobPosting: { id: p.jobId },
        }));
        return { data: { vendorProposals: page(nodes, variables.pagination as Pagination) } };
      }
      case 'vendorContracts': {
        const filter = (variables.filter ?? {}) as { vendorId?: string };
        const paging = (variables.paging ?? {}) as { limit?: number; offset?: number };
        const limit = Math.min(Math.max(paging.limit ?? 10, 1), 100);
        const offset = Math.max(paging.offset ?? 0, 0);
        const mine = filter.vendorId === freelancer.id ? contracts : [];
        return {
          data: {
            vendorContracts: {
              paging: { limit, offset },
              contracts: mine.slice(offset, offset + limit).map((c) => ({
                id: c.id,
                title: c.title,
                status: c.status,
                startDate: c.startDate,
                offerId: c.offerId,
                job: c.jobId ? { id: c.jobId } : null,
                clientOrganization: c.client,
                terms:
                  c.type === 'fixed'
                    ? {
                        fixedPriceTerms: [
                          { fixedAmount: { rawValue: c.amount, currency: c.currency } },
                        ],
                        hourlyTerms: [],
                      }
                    : {
                        fixedPriceTerms: [],
                        hourlyTerms: [{ hourlyRate: { rawValue: c.amount, currency: c.currency } }],
                      },
              })),
            },
          },
        };
      }
      case 'transactionHistory': {
        const filter = (variables.transactionHistoryFilter ?? {}) as {
          transactionDateTime_bt?: { rangeStart?: string; rangeEnd?: string };
        };
        const from = filter.transactionDateTime_bt?.rangeStart ?? '0000-01-01';
        const to = filter.transactionDateTime_bt?.rangeEnd ?? '9999-12-31';
        const rows = transactions
          .filter((t) => t.date >= from && t.date <= to)
          .map((t, i) => ({
            rowNumber: i + 1,
            recordId: t.recordId,
            transactionCreationDate: t.date,
            type: t.type,
            accountingSubtype: t.subtype,
            description: t.description,
            descriptionUI: t.description,
            transactionAmount: { rawValue: t.amount, currency: t.currency },
            paymentStatus: t.paymentStatus,
            assignmentCompanyName: t.companyName,
          }));
        return {
          data: { transactionHistory: { transactionDetail: { transactionHistoryRow: rows } } },
        };
      }
    }
  };

  const handleControl = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const parts = url.pathname.split('/');
    // POST /sandbox/rooms/:id/stories { message }: the room's client writes.
    if (
      request.method === 'POST' &&
      parts.length === 5 &&
      parts[1] === 'sandbox' &&
      parts[2] === 'rooms' &&
      parts[4] === 'stories'
    ) {
      let body: { message?: unknown } = {};
      try {
        body = JSON.parse((await readBody(request)) || '{}') as typeof body;
      } catch {
        body = {};
      }
      if (typeof body.message !== 'string' || body.message.trim() === '') {
        send(response, 400, { error: 'the body must be JSON: { message }' });
        return true;
      }
      const roomId = decodeURIComponent(parts[3] ?? '');
      if (!rooms.some((room) => room.id === roomId)) {
        send(response, 404, { error: `no room ${roomId}` });
        return true;
      }
      const story = clientWrites(roomId, body.message);
      send(response, 201, { id: story.id, roomId });
      return true;
    }
    if (request.method === 'GET' && url.pathname === '/sandbox/sent-stories') {
      send(response, 200, { items: sentStories });
      return true;
    }
    if (request.method === 'GET' && url.pathname === '/sandbox/rooms') {
      send(response, 200, { items: rooms.map(roomNode) });
      return true;
    }
    return false;
  };

  return {
    rooms,
    stories,
    proposals,
    contracts,
    transactions,
    sentStories,
    clientWrites,
    operationOf: (query) => OPERATIONS.find((name) => query.includes(`${name}(`)) ?? null,
    answer,
    handleControl,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
