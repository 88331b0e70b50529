import { quoteTotals } from '#contract/quote-totals';
import {
  quoteDocumentSchema,
  type QuoteDocument,
  type QuoteDocumentInput,
  type QuoteStatus,
} from '#contract/quotes';

import {
  CLIENT_FIRST_NAMES,
  CLIENT_LAST_NAMES,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  OPTIONAL_QUOTE_LINES,
  QUOTE_LINES,
  QUOTE_TEMPLATES,
} from './catalog.ts';
import {
  addDays,
  addHours,
  DAY_MS,
  isoDay,
  isPast,
  personAndCompany,
  workingInstant,
  type HistoryContext,
} from './context.ts';
import type { LeadQuotePlan } from './generate-pipeline.ts';

/**
 * Quotes: the ones sent to leads (decided the way the lead went) and quotes for direct clients'
 * RFPs. Each is shared by link, opened a few times, then accepted (with some optional lines
 * ticked), declined, left open, or expired once its validity date passed. Every document is built
 * with the contract's schema and its amounts computed by the same code the editor uses.
 */

const VALID_DAYS = 30;

type Plan = {
  leadId: string | null;
  responseId: string | null;
  jobId: string | null;
  title: string;
  clientName: string;
  company: string;
  createdAt: Date;
  sentAt: Date | null;
  decision: { kind: 'accepted' | 'declined'; at: Date } | null;
  currency: string;
};

function buildDocument(
  context: HistoryContext,
  plan: Plan,
  status: QuoteStatus,
  templateIndex: number,
): QuoteDocument {
  const { random } = context;
  const rate = random.int(50, 120) * 100;
  const template = QUOTE_TEMPLATES[templateIndex];
  const base = template
    ? template.lines.map((line) => ({
        label: line.label,
        quantity: line.quantity,
        unit: 'hours' as const,
      }))
    : [...new Set([0, random.int(1, 5), random.int(1, 5), random.int(1, 5)])].map((index) => {
        const line = QUOTE_LINES[index] ?? QUOTE_LINES[0];
        return {
          label: line.label,
          quantity: random.int(line.quantity[0], line.quantity[1]),
          unit: line.unit,
        };
      });
  const optional = [...new Set([random.int(0, 3), random.int(0, 3)])].slice(0, random.int(0, 2));
  const lineItems = [
    ...base.map((line, index) => ({ id: `line-${index + 1}`, ...line, rateMinor: rate })),
    ...optional.map((index, position) => {
      const line = OPTIONAL_QUOTE_LINES[index] ?? OPTIONAL_QUOTE_LINES[0];
      return {
        id: `optional-${position + 1}`,
        label: line.label,
        quantity: line.quantity,
        unit: 'hours' as const,
        rateMinor: rate,
        optional: true,
        // The client ticks some optional lines when accepting.
        selected: status === 'accepted' && random.chance(0.45),
      };
    }),
  ];
  const input: QuoteDocumentInput = {
    title: plan.title,
    clientName: plan.clientName,
    summary: `A plan for ${plan.title.toLowerCase()} for ${plan.company}, in ${base.length} steps.`,
    understanding: `${plan.company} needs ${plan.title.toLowerCase()} done well and on time.`,
    scope: {
      in: base.map((line) => ({ text: line.label })),
      out: [{ text: 'Hosting and third-party licence costs' }],
    },
    deliverables: [
      { id: 'deliverable-1', title: plan.title, description: 'Delivered and documented' },
    ],
    milestones: [
      {
        id: 'milestone-1',
        name: 'First delivery',
        durationDays: 14,
        deliverableIds: ['deliverable-1'],
        lineItemIds: lineItems.filter((line) => !('optional' in line)).map((line) => line.id),
      },
    ],
    assumptions: [{ text: 'Feedback on each delivery within two working days' }],
    risks: [{ risk: 'Scope grows during the work', mitigation: 'Changes are quoted separately' }],
    timeline: 'About four weeks from the start.',
    terms: template?.terms ?? 'Half at the start, half on delivery.',
    status,
    currency: plan.currency,
    validUntil: isoDay(addDays(plan.createdAt, VALID_DAYS)),
    lineItems,
    discount: random.chance(0.2) ? { kind: 'percent', basisPoints: 500 } : null,
    taxBasisPoints: plan.currency === 'EUR' ? 1_900 : 0,
  };
  return quoteDocumentSchema.parse(input);
}

/** The statuses a quote went through, each with its time, from the plan and the clock. */
function statusChain(
  context: HistoryContext,
  plan: Plan,
): Array<{ status: QuoteStatus; at: Date }> {
  const { random } = context;
  const chain: Array<{ status: QuoteStatus; at: Date }> = [{ status: 'draft', at: plan.createdAt }];
  if (!plan.sentAt || !isPast(context, plan.sentAt)) return chain;
  chain.push({ status: 'sent', at: plan.sentAt });
  const expiresAt = new Date(
    Date.parse(`${isoDay(addDays(plan.createdAt, VALID_DAYS))}T00:00:00Z`) + DAY_MS,
  );
  const decidedAt = plan.decision?.at;
  const viewedAt = addHours(plan.sentAt, 0.5 + random.next() * 40);
  const viewLimit = decidedAt ?? expiresAt;
  if (isPast(context, viewedAt) && viewedAt < viewLimit && (plan.decision || random.chance(0.8))) {
    chain.push({ status: 'viewed', at: viewedAt });
  }
  if (plan.decision && isPast(context, plan.decision.at)) {
    const last = chain[chain.length - 1];
    const at = last && plan.decision.at <= last.at ? addHours(last.at, 1) : plan.decision.at;
    if (isPast(context, at)) chain.push({ status: plan.decision.kind, at });
  } else if (isPast(context, expiresAt)) {
    // Undecided by its validity date (a decision planned for later never comes): expired.
    chain.push({ status: 'expired', at: expiresAt });
  }
  return chain;
}

/** Quotes for the planned leads first, then direct clients' RFPs up to `count` in all. */
export function generateQuotes(
  context: HistoryContext,
  leadPlans: LeadQuotePlan[],
  count: number,
): void {
  const { random, rows, userId } = context;
  const quoteTemplates = rows.templates.filter((template) => template.kind === 'quote');
  const plans: Plan[] = leadPlans.slice(0, Math.ceil(count / 2)).map((plan) => ({
    leadId: plan.leadId,
    responseId: plan.outcome.responseId,
    jobId: plan.outcome.jobId,
    title: plan.outcome.jobTitle,
    clientName: plan.outcome.clientName,
    company: plan.outcome.company,
    createdAt: plan.createdAt,
    sentAt: plan.sentAt,
    decision: plan.decision,
    currency: 'USD',
  }));
  while (plans.length < count) {
    const client = personAndCompany(random, {
      first: CLIENT_FIRST_NAMES,
      last: CLIENT_LAST_NAMES,
      words: COMPANY_WORDS,
      suffixes: COMPANY_SUFFIXES,
    });
    // Some quotes are recent and still waiting for the client's answer.
    const waiting = random.chance(0.15);
    const createdAt = workingInstant(context, waiting ? addDays(context.now, -20) : context.start);
    const sentAt = random.chance(0.92) ? addHours(createdAt, random.next() * 48) : null;
    const roll = waiting ? 1 : random.next();
    const decisionAt = sentAt ? addDays(sentAt, 1 + random.next() * 20) : null;
    plans.push({
      leadId: null,
      responseId: null,
      jobId: null,
      title: `${random.pick(['Website rebuild', 'Mobile app', 'Data pipeline', 'Customer portal', 'Design refresh'])} for ${client.company}`,
      clientName: client.name,
      company: client.company,
      createdAt,
      sentAt,
      decision:
        decisionAt && roll < 0.35
          ? { kind: 'accepted', at: decisionAt }
          : decisionAt && roll < 0.55
            ? { kind: 'declined', at: decisionAt }
            : null,
      currency: random.chance(0.2) ? 'EUR' : 'USD',
    });
  }

  for (const plan of plans) {
    const quoteId = context.nextId();
    const chain = statusChain(context, plan);
    const last = chain[chain.length - 1] ?? { status: 'draft' as const, at: plan.createdAt };
    const templateIndex = random.chance(0.75) ? random.int(0, quoteTemplates.length - 1) : -1;
    const document = buildDocument(context, plan, last.status, templateIndex);
    const totals = quoteTotals(document);
    const sent = chain.find((step) => step.status === 'sent');
    rows.quotes.push({
      id: quoteId,
      userId,
      title: plan.title,
      clientName: plan.clientName,
      status: last.status,
      statusChangedAt: last.at,
      currency: plan.currency,
      validUntil: document.validUntil,
      document,
      rfpText: `${plan.company} is looking for help with ${plan.title.toLowerCase()}.`,
      subtotalMinor: totals.subtotalMinor,
      totalMinor: totals.totalMinor,
      jobId: plan.jobId,
      responseId: plan.responseId,
      leadId: plan.leadId,
      templateId: quoteTemplates[templateIndex]?.id ?? null,
      offline: true,
      sentAt: sent?.at ?? null,
      createdAt: plan.createdAt,
      updatedAt: last.at,
    });
    let previous: QuoteStatus | null = null;
    for (const step of chain) {
      rows.quoteStatusEvents.push({
        id: context.nextId(),
        userId,
        quoteId,
        fromStatus: previous,
        toStatus: step.status,
        createdAt: step.at,
        updatedAt: step.at,
      });
      previous = step.status;
    }
    if (plan.leadId) {
      rows.leadLinks.push({
        id: context.nextId(),
        userId,
        leadId: plan.leadId,
        kind: 'quote',
        targetId: quoteId,
        title: plan.title,
        createdAt: plan.createdAt,
        updatedAt: plan.createdAt,
      });
      rows.leadEvents.push({
        id: context.nextId(),
        userId,
        leadId: plan.leadId,
        kind: 'linked',
        body: `Linked quote: ${plan.title}`,
        linkKind: 'quote',
        linkTargetId: quoteId,
        createdAt: plan.createdAt,
        updatedAt: plan.createdAt,
      });
    }
    if (!sent) continue;
    const shareId = context.nextId();
    rows.quoteShares.push({
      id: shareId,
      userId,
      quoteId,
      expiresAt: null,
      createdAt: sent.at,
      updatedAt: sent.at,
    });
    const viewed = chain.find((step) => step.status === 'viewed');
    if (viewed) {
      const until =
        chain.find((step) => step.status === 'accepted' || step.status === 'declined')?.at ??
        context.now;
      const views = random.int(1, 5);
      for (let i = 0; i < views; i += 1) {
        const at =
          i === 0
            ? viewed.at
            : new Date(
                viewed.at.getTime() + random.next() * (until.getTime() - viewed.at.getTime()),
              );
        if (!isPast(context, at)) continue;
        rows.quoteViews.push({
          id: context.nextId(),
          userId,
          quoteId,
          shareId,
          durationSeconds: random.int(15, 600),
          device: random.pick(['desktop', 'desktop', 'mobile', 'tablet']),
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    if (last.status === 'accepted' || last.status === 'declined') {
      rows.quoteSignatures.push({
        id: context.nextId(),
        userId,
        quoteId,
        decision: last.status,
        name: last.status === 'accepted' ? plan.clientName : '',
        reason:
          last.status === 'declined'
            ? random.pick(['Over our budget', 'We chose another offer', 'The project is on hold'])
            : '',
        ip: `203.0.113.${random.int(1, 254)}`,
        totalMinor: totals.totalMinor,
        currency: plan.currency,
        document,
        createdAt: last.at,
        updatedAt: last.at,
      });
    }
  }
}
