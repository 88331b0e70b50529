import { STAGE_PROBABILITY, type LeadStage } from '#contract/leads';

import { addDays, addHours, DAY_MS, isoDay, isPast, type HistoryContext } from './context.ts';
import type { SentOutcome } from './generate-responses.ts';

/**
 * What a reply becomes: a lead with its stage history, the message room the client writes in, and
 * for a hire a client and a contract. Leads the user quoted for record when the quote went out and
 * how the client decided, so the quotes match the leads' timelines.
 */

/** A quote the user sent a lead between the interview and the decision. */
export type LeadQuotePlan = {
  leadId: string;
  outcome: SentOutcome;
  createdAt: Date;
  sentAt: Date;
  decision: { kind: 'accepted' | 'declined'; at: Date } | null;
};

/** A contract whose payments the ledger writes. */
export type ContractPlan = {
  contractId: string;
  clientId: string;
  leadId: string;
  title: string;
  counterparty: string;
  type: 'fixed' | 'hourly';
  /** The whole amount (fixed) or the hourly rate, minor units. */
  amountMinor: number;
  currency: string;
  start: Date;
  /** The last day work is paid for (now for an ongoing contract). */
  end: Date;
};

const NEXT_ACTIONS = [
  'Follow up on the proposal',
  'Send the revised estimate',
  'Book a call about scope',
  'Share the case study',
] as const;

type Message = { fromClient: boolean; body: string; at: Date };

function conversation(context: HistoryContext, outcome: SentOutcome, lostAt: Date | null) {
  const { random } = context;
  const first = outcome.clientName.split(' ')[0] ?? 'there';
  const messages: Message[] = [];
  const say = (fromClient: boolean, body: string, at: Date) => {
    const previous = messages[messages.length - 1];
    if (previous && at.getTime() <= previous.at.getTime()) return;
    if (isPast(context, at)) messages.push({ fromClient, body, at });
  };
  const replied = outcome.repliedAt;
  if (!replied) return messages;
  say(
    true,
    `Thanks for your proposal. Could you tell me how you would start on "${outcome.jobTitle}"?`,
    replied,
  );
  say(
    false,
    `Hi ${first}, happy to. I would begin with a short audit and a plan for the first week.`,
    addHours(replied, 0.5 + random.next() * 5),
  );
  if (outcome.interviewAt) {
    say(true, 'Are you free for a call this week?', addHours(outcome.interviewAt, -1));
    say(false, 'Yes, Thursday at 15:00 works for me.', addHours(outcome.interviewAt, -0.5));
  }
  if (outcome.hiredAt) {
    say(true, 'I have sent you the offer. Looking forward to working together!', outcome.hiredAt);
    say(false, 'Accepted, thank you. I will send the plan tomorrow.', addHours(outcome.hiredAt, 1));
    if (context.now.getTime() - outcome.hiredAt.getTime() < 60 * DAY_MS && random.chance(0.5)) {
      say(
        true,
        'Quick question about the next milestone: can we move the demo to Friday?',
        addHours(context.now, -(1 + random.next() * 95)),
      );
    }
  } else if (lostAt) {
    say(true, 'We went with another freelancer this time. Thanks for your time.', lostAt);
  } else if (random.chance(0.5)) {
    const last = messages[messages.length - 1]?.at ?? replied;
    say(
      true,
      'Any update on the estimate? We would like to decide this week.',
      addHours(last, 1 + random.next() * 47),
    );
  }
  return messages;
}

/** Leads, rooms, clients and contracts for every replied response. */
export function generatePipeline(
  context: HistoryContext,
  outcomes: SentOutcome[],
): { quotePlans: LeadQuotePlan[]; contractPlans: ContractPlan[] } {
  const { random, rows, userId, now } = context;
  const quotePlans: LeadQuotePlan[] = [];
  const contractPlans: ContractPlan[] = [];
  let roomNumber = 0;
  let contractNumber = 0;
  const positions = new Map<LeadStage, number>();

  for (const outcome of outcomes) {
    if (!outcome.repliedAt) continue;
    const leadId = context.nextId();
    const roomId = context.nextId();
    const stages: Array<{ stage: LeadStage; at: Date }> = [{ stage: 'new', at: outcome.repliedAt }];
    const move = (stage: LeadStage, at: Date) => {
      const previous = stages[stages.length - 1];
      if (previous && at.getTime() > previous.at.getTime() && isPast(context, at)) {
        stages.push({ stage, at });
      }
    };
    move('contacted', addHours(outcome.repliedAt, 1 + random.next() * 7));
    if (outcome.interviewAt) move('qualified', outcome.interviewAt);
    const decidedAt = outcome.hiredAt ?? outcome.declinedAt;
    if (outcome.interviewAt && random.chance(0.5)) {
      const until = decidedAt ?? now;
      const gap = until.getTime() - outcome.interviewAt.getTime();
      const createdAt = new Date(outcome.interviewAt.getTime() + gap * (0.1 + random.next() * 0.2));
      const sentAt = new Date(createdAt.getTime() + gap * 0.1);
      if (isPast(context, sentAt)) {
        move('proposal', sentAt);
        quotePlans.push({
          leadId,
          outcome,
          createdAt,
          sentAt,
          decision: outcome.hiredAt
            ? { kind: 'accepted', at: addHours(outcome.hiredAt, -2) }
            : outcome.declinedAt
              ? { kind: 'declined', at: outcome.declinedAt }
              : null,
        });
      }
    }
    let lostAt = outcome.hiredAt ? null : outcome.declinedAt;
    if (outcome.hiredAt) {
      move('negotiation', addHours(outcome.hiredAt, -12));
      move('won', outcome.hiredAt);
    } else if (!lostAt) {
      // An open lead nobody touched for two months is given up a month after its last step.
      const lastStep = stages[stages.length - 1]?.at ?? outcome.repliedAt;
      if (now.getTime() - lastStep.getTime() > 60 * DAY_MS) lostAt = addDays(lastStep, 30);
    }
    if (lostAt) move('lost', lostAt);
    const final = stages[stages.length - 1] ?? { stage: 'new' as const, at: outcome.repliedAt };
    const open = final.stage !== 'won' && final.stage !== 'lost';
    const dueRoll = random.next();
    const nextActionDue = !open
      ? null
      : dueRoll < 0.35
        ? addDays(now, -random.int(1, 6))
        : dueRoll < 0.55
          ? new Date(
              Math.max(final.at.getTime() + 60_000, now.getTime() - random.int(1, 3) * 3_600_000),
            )
          : addDays(now, random.int(1, 14));
    const position = (positions.get(final.stage) ?? 0) + 1;
    positions.set(final.stage, position);

    const messages = conversation(context, outcome, lostAt);
    const lastMessage = messages[messages.length - 1];
    const trailingClient = [...messages].reverse().findIndex((message) => !message.fromClient);
    const unanswered = trailingClient === -1 ? messages.length : trailingClient;
    const recent = lastMessage && now.getTime() - lastMessage.at.getTime() < 21 * DAY_MS;
    const unread = final.stage !== 'lost' && recent ? unanswered : 0;
    const lastClient = [...messages].reverse().find((message) => message.fromClient);
    const lastUser = [...messages].reverse().find((message) => !message.fromClient);

    rows.leads.push({
      id: leadId,
      userId,
      contactName: outcome.clientName,
      company: outcome.company,
      source: 'upwork',
      stage: final.stage,
      stageChangedAt: final.at,
      position,
      valueMinor: outcome.valueMinor,
      currency: 'USD',
      probability: STAGE_PROBABILITY[final.stage],
      nextAction: open ? random.pick(NEXT_ACTIONS) : '',
      nextActionDue,
      tags: [outcome.category],
      jobId: outcome.jobId,
      jobTitle: outcome.jobTitle,
      roomId: messages.length > 0 ? roomId : null,
      createdAt: outcome.repliedAt,
      updatedAt: final.at,
    });
    const event = (
      kind: 'created' | 'stage' | 'linked',
      at: Date,
      extra: Partial<(typeof rows.leadEvents)[number]> = {},
    ) =>
      rows.leadEvents.push({
        id: context.nextId(),
        userId,
        leadId,
        kind,
        createdAt: at,
        updatedAt: at,
        ...extra,
      });
    event('created', outcome.repliedAt, { body: `Created from a reply to "${outcome.jobTitle}"` });
    for (let i = 1; i < stages.length; i += 1) {
      const from = stages[i - 1];
      const to = stages[i];
      if (from && to) event('stage', to.at, { fromStage: from.stage, toStage: to.stage });
    }
    const link = (kind: 'response' | 'job' | 'room', targetId: string, at: Date) => {
      rows.leadLinks.push({
        id: context.nextId(),
        userId,
        leadId,
        kind,
        targetId,
        title: outcome.jobTitle,
        createdAt: at,
        updatedAt: at,
      });
      event('linked', at, {
        body: `Linked ${kind}: ${outcome.jobTitle}`,
        linkKind: kind,
        linkTargetId: targetId,
      });
    };
    link('response', outcome.responseId, outcome.repliedAt);
    link('job', outcome.jobId, outcome.repliedAt);

    if (messages.length > 0 && lastMessage) {
      link('room', roomId, outcome.repliedAt);
      roomNumber += 1;
      rows.messageRooms.push({
        id: roomId,
        userId,
        externalId: `history-room-${roomNumber}`,
        name: outcome.jobTitle,
        clientName: outcome.clientName,
        unread,
        latestPreview: lastMessage.body.slice(0, 140),
        lastMessageAt: lastMessage.at,
        lastClientMessageAt: lastClient?.at ?? null,
        lastUserMessageAt: lastUser?.at ?? null,
        leadId,
        responseId: outcome.responseId,
        fetchedAt: lastMessage.at,
        createdAt: outcome.repliedAt,
        updatedAt: lastMessage.at,
      });
      messages.forEach((message, index) =>
        rows.messages.push({
          id: context.nextId(),
          userId,
          roomId,
          externalId: `history-message-${roomNumber}-${index + 1}`,
          authorName: message.fromClient ? outcome.clientName : 'You',
          fromClient: message.fromClient,
          body: message.body,
          sentAt: message.at,
          createdAt: message.at,
          updatedAt: message.at,
        }),
      );
    }

    if (outcome.hiredAt && final.stage === 'won') {
      const clientId = context.nextId();
      const contractId = context.nextId();
      contractNumber += 1;
      const lead = rows.leads[rows.leads.length - 1];
      if (lead) lead.clientId = clientId;
      rows.clients.push({
        id: clientId,
        userId,
        name: outcome.clientName,
        company: outcome.company,
        leadId,
        upworkClientId: `history-client-${contractNumber}`,
        createdAt: outcome.hiredAt,
        updatedAt: outcome.hiredAt,
      });
      rows.contracts.push({
        id: contractId,
        userId,
        clientId,
        leadId,
        title: outcome.jobTitle,
        type: outcome.jobType,
        amountMinor: outcome.bidMinor,
        currency: 'USD',
        startDate: isoDay(outcome.hiredAt),
        upworkContractId: `history-contract-${contractNumber}`,
        createdAt: outcome.hiredAt,
        updatedAt: outcome.hiredAt,
      });
      const lasting =
        outcome.jobType === 'fixed'
          ? random.int(20, 90)
          : random.chance(0.4)
            ? Number.POSITIVE_INFINITY
            : random.int(60, 240);
      const end = Number.isFinite(lasting) ? addDays(outcome.hiredAt, lasting) : now;
      contractPlans.push({
        contractId,
        clientId,
        leadId,
        title: outcome.jobTitle,
        counterparty: outcome.company,
        type: outcome.jobType,
        amountMinor: outcome.bidMinor,
        currency: 'USD',
        start: outcome.hiredAt,
        end: end.getTime() > now.getTime() ? now : end,
      });
    }
  }
  return { quotePlans, contractPlans };
}
