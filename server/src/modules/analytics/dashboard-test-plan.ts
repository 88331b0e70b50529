import { analyticsRangeQuerySchema } from '#contract/analytics-range';
import { FUNNEL_STAGES, type FunnelStage } from '#contract/dashboard';
import { STAGE_PROBABILITY, type LeadStage } from '#contract/leads';
import type { QuoteStatus } from '#contract/quotes';
import type { ResponseStatus } from '#contract/responses';
import type { TransactionKind } from '#contract/transactions';

import { resolveRange } from './range.ts';

/**
 * The history the dashboard's tests insert (a period of four weeks, the four weeks before it,
 * rows on either side and another user's rows), and every figure recomputed from it by hand:
 * the tests compare the dashboard with these, never with numbers written out.
 */

export const now = new Date('2026-03-15T12:00:00Z');
export const period = { from: '2026-02-16T00:00:00Z', to: '2026-03-16T00:00:00Z', tz: 'UTC' };
export const range = resolveRange(analyticsRangeQuerySchema.parse(period));
export const DAY = 86_400_000;
/** Connects are priced at 15 US cents. */
export const CONNECT_CENTS = 15;
export const SIGN: Record<TransactionKind, number> = {
  income: 1,
  upwork_fee: -1,
  refund: -1,
  expense: -1,
  withdrawal: 0,
};

export type PlannedResponse = {
  sentAt: string;
  history: ResponseStatus[];
  connects: number;
  deleted?: boolean;
};
export const plannedResponses: PlannedResponse[] = [
  { sentAt: '2026-02-16T09:00:00Z', history: [], connects: 6 },
  { sentAt: '2026-02-17T10:00:00Z', history: ['viewed'], connects: 8 },
  { sentAt: '2026-02-18T11:00:00Z', history: ['viewed', 'replied', 'declined'], connects: 10 },
  { sentAt: '2026-02-24T08:00:00Z', history: ['replied', 'interview'], connects: 12 },
  {
    sentAt: '2026-03-02T15:00:00Z',
    history: ['viewed', 'replied', 'interview', 'hired'],
    connects: 16,
  },
  { sentAt: '2026-03-03T15:00:00Z', history: ['archived'], connects: 4 },
  { sentAt: '2026-01-20T09:00:00Z', history: ['viewed', 'replied'], connects: 6 },
  { sentAt: '2026-01-28T09:00:00Z', history: [], connects: 6 },
  { sentAt: '2026-02-15T23:59:00Z', history: ['replied', 'hired'], connects: 20 },
  { sentAt: '2026-01-10T09:00:00Z', history: ['replied'], connects: 6 },
  { sentAt: '2026-02-20T09:00:00Z', history: ['replied'], connects: 30, deleted: true },
];

export type PlannedMoney = {
  kind: TransactionKind;
  amount: number;
  on: string;
  currency?: string;
  deleted?: boolean;
};
export const plannedMoney: PlannedMoney[] = [
  { kind: 'income', amount: 100_000, on: '2026-02-16' },
  { kind: 'upwork_fee', amount: 10_000, on: '2026-02-16' },
  { kind: 'income', amount: 50_000, on: '2026-03-01' },
  { kind: 'expense', amount: 2_500, on: '2026-03-10' },
  { kind: 'withdrawal', amount: 80_000, on: '2026-03-11' },
  { kind: 'refund', amount: 1_000, on: '2026-03-15' },
  { kind: 'income', amount: 30_000, on: '2026-02-20', currency: 'EUR' },
  { kind: 'income', amount: 99_999, on: '2026-02-25', deleted: true },
  { kind: 'income', amount: 40_000, on: '2026-01-19' },
  { kind: 'upwork_fee', amount: 4_000, on: '2026-02-15' },
  { kind: 'income', amount: 7_000, on: '2026-02-01', currency: 'EUR' },
  { kind: 'income', amount: 123, on: '2026-03-16' },
  { kind: 'income', amount: 321, on: '2026-01-18' },
  { kind: 'income', amount: 60_000, on: '2025-12-20' },
];

export type PlannedLead = {
  value: number;
  probability: number;
  stage: LeadStage;
  createdAt: string;
  currency?: string;
  deleted?: boolean;
  /** kind, from, to, at */
  events: Array<['created' | 'stage', LeadStage | null, LeadStage, string]>;
};
export const plannedLeads: PlannedLead[] = [
  {
    value: 200_000,
    probability: 65,
    stage: 'proposal',
    createdAt: '2026-01-05T10:00:00Z',
    events: [
      ['created', null, 'new', '2026-01-05T10:00:00Z'],
      ['stage', 'new', 'proposal', '2026-02-20T10:00:00Z'],
    ],
  },
  {
    value: 100_000,
    probability: 100,
    stage: 'won',
    createdAt: '2026-01-10T10:00:00Z',
    events: [
      ['created', null, 'qualified', '2026-01-10T10:00:00Z'],
      ['stage', 'qualified', 'won', '2026-03-01T10:00:00Z'],
    ],
  },
  {
    value: 50_000,
    probability: 30,
    stage: 'contacted',
    createdAt: '2026-03-10T10:00:00Z',
    events: [['created', null, 'contacted', '2026-03-10T10:00:00Z']],
  },
  {
    value: 80_000,
    probability: 25,
    stage: 'contacted',
    createdAt: '2026-01-03T10:00:00Z',
    events: [],
  },
  {
    value: 999_999,
    probability: 50,
    stage: 'negotiation',
    createdAt: '2026-01-03T10:00:00Z',
    deleted: true,
    events: [['created', null, 'negotiation', '2026-01-03T10:00:00Z']],
  },
  {
    value: 40_000,
    probability: 80,
    stage: 'negotiation',
    createdAt: '2026-02-01T10:00:00Z',
    currency: 'EUR',
    events: [
      ['created', null, 'new', '2026-02-01T10:00:00Z'],
      ['stage', 'new', 'negotiation', '2026-02-10T10:00:00Z'],
    ],
  },
  {
    value: 70_000,
    probability: 0,
    stage: 'lost',
    createdAt: '2026-01-02T10:00:00Z',
    events: [
      ['created', null, 'new', '2026-01-02T10:00:00Z'],
      ['stage', 'new', 'lost', '2026-02-01T10:00:00Z'],
    ],
  },
];

export type PlannedQuote = {
  createdAt: string;
  validUntil: string;
  events: Array<[QuoteStatus, string]>;
};
export const plannedQuotes: PlannedQuote[] = [
  {
    createdAt: '2026-01-20T10:00:00Z',
    validUntil: '2026-06-30',
    events: [
      ['draft', '2026-01-20T10:00:00Z'],
      ['sent', '2026-02-10T10:00:00Z'],
      ['viewed', '2026-02-12T10:00:00Z'],
      ['accepted', '2026-03-05T10:00:00Z'],
    ],
  },
  {
    createdAt: '2026-02-20T10:00:00Z',
    validUntil: '2026-06-30',
    events: [
      ['draft', '2026-02-20T10:00:00Z'],
      ['sent', '2026-02-25T10:00:00Z'],
    ],
  },
  {
    createdAt: '2026-02-01T10:00:00Z',
    validUntil: '2026-03-10',
    events: [
      ['draft', '2026-02-01T10:00:00Z'],
      ['sent', '2026-02-05T10:00:00Z'],
    ],
  },
  {
    createdAt: '2026-02-21T10:00:00Z',
    validUntil: '2026-06-30',
    events: [
      ['draft', '2026-02-21T10:00:00Z'],
      ['sent', '2026-02-22T10:00:00Z'],
      ['viewed', '2026-03-01T10:00:00Z'],
    ],
  },
  {
    createdAt: '2026-01-05T10:00:00Z',
    validUntil: '2026-06-30',
    events: [['draft', '2026-01-05T10:00:00Z']],
  },
];

/** Another user's rows, in the same period: one sent quote among them. */
export const strangerSends = ['2026-02-20T09:00:00Z', '2026-02-21T09:00:00Z'];
export const STRANGER_CONNECTS = 50;
export const STRANGER_INCOME = 555_555;
export const STRANGER_LEAD = 777_777;

export const inWindow = (at: string, from: Date, to: Date) =>
  Date.parse(at) >= from.getTime() && Date.parse(at) < to.getTime();

export function furthest(planned: PlannedResponse): number {
  return Math.max(
    ...['sent', ...planned.history].map((s) => FUNNEL_STAGES.indexOf(s as FunnelStage)),
  );
}

export function responseFigures(from: Date, to: Date) {
  const sent = plannedResponses.filter((r) => !r.deleted && inWindow(r.sentAt, from, to));
  const reached = (stage: FunnelStage) =>
    sent.filter((r) => furthest(r) >= FUNNEL_STAGES.indexOf(stage)).length;
  const connects = sent.reduce((sum, r) => sum + r.connects, 0);
  const per = (count: number) => (count === 0 ? null : connects / count);
  const cost = (count: number) =>
    count === 0 ? null : Math.round((connects / count) * CONNECT_CENTS);
  return {
    responsesSent: sent.length,
    replyRate: sent.length ? reached('replied') / sent.length : null,
    interviewRate: sent.length ? reached('interview') / sent.length : null,
    hireRate: sent.length ? reached('hired') / sent.length : null,
    connectsSpent: connects,
    connectsPerReply: per(reached('replied')),
    connectsPerHire: per(reached('hired')),
    costPerReplyMinor: cost(reached('replied')),
    costPerHireMinor: cost(reached('hired')),
    funnel: FUNNEL_STAGES.map((stage) => ({ stage, count: reached(stage) })),
  };
}

export const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export function netByCurrency(first: string, last: string) {
  const totals = new Map<string, number>();
  for (const m of plannedMoney) {
    if (m.deleted || m.on < first || m.on > last) continue;
    const currency = m.currency ?? 'USD';
    totals.set(currency, (totals.get(currency) ?? 0) + SIGN[m.kind] * m.amount);
  }
  return [...totals]
    .filter(([, amount]) => amount !== 0)
    .map(([currency, amountMinor]) => ({ currency, amountMinor }))
    .sort((a, b) => b.amountMinor - a.amountMinor);
}

export function pipelineAt(instant: Date) {
  const totals = new Map<string, number>();
  for (const lead of plannedLeads) {
    if (lead.deleted || Date.parse(lead.createdAt) >= instant.getTime()) continue;
    const before = lead.events.filter(([, , , at]) => Date.parse(at) < instant.getTime());
    const after = lead.events.filter(
      ([kind, , , at]) => kind === 'stage' && Date.parse(at) >= instant.getTime(),
    );
    const stage = before.at(-1)?.[2] ?? after[0]?.[1] ?? lead.stage;
    if (stage === 'won' || stage === 'lost') continue;
    const probability = stage === lead.stage ? lead.probability : STAGE_PROBABILITY[stage];
    const currency = lead.currency ?? 'USD';
    totals.set(currency, (totals.get(currency) ?? 0) + lead.value * probability);
  }
  return [...totals]
    .map(([currency, sum]) => ({ currency, amountMinor: Math.round(sum / 100) }))
    .filter((money) => money.amountMinor !== 0)
    .sort((a, b) => b.amountMinor - a.amountMinor);
}

export function awaitingAt(instant: Date) {
  return plannedQuotes.filter((quote) => {
    if (Date.parse(quote.createdAt) >= instant.getTime()) return false;
    const then = quote.events.filter(([, at]) => Date.parse(at) < instant.getTime()).at(-1)?.[0];
    return (then === 'sent' || then === 'viewed') && quote.validUntil >= isoDay(instant);
  }).length;
}
