import { minorToMajorString } from '#contract/quote-totals';
import {
  quoteDocumentSchema,
  type QuoteDeliverable,
  type QuoteDocument,
  type QuoteLineItem,
  type QuoteMilestone,
  type QuoteRequirement,
  type QuoteRisk,
  type QuoteTracedItem,
} from '#contract/quotes';
import { addMarker } from '#contract/response-checks';

import {
  ESTIMATION_TABLE,
  HOURS_PER_DAY,
  PROJECT_MANAGEMENT_SHARE,
  estimate,
  type Estimate,
  type WorkKind,
} from './estimation-table.ts';
import { capitalise, lineLabel } from './line-label.ts';
import { extractRequirements, sentencesOf, type RfpRequirement } from './rfp-requirements.ts';

/**
 * The first quote for an RFP with no model: a priced line per requirement (hours from the
 * estimation table, the freelancer's rate), milestones grouping the lines by phase, deliverables,
 * scope, assumptions, risks and terms, and an `[Add: …]` marker wherever only the freelancer can
 * know (the client's name, the start date, a rate the profile lacks). Every requirement found lands
 * in scope (in or out); `missingRequirements` proves it.
 */

export interface OfflineQuoteInput {
  rfpText: string;
  /** The hourly rate in minor units of `currency`; null when the profile has none yet. */
  rateMinor: number | null;
  currency: string;
  now: Date;
  /** Requirements already pulled from the text (the agent's step); read from the text if absent. */
  requirements?: readonly RfpRequirement[];
}

export const QUOTE_VALIDITY_DAYS = 30;
const DAY_MS = 86_400_000;

/** Phases in the order the work happens; milestones follow this order. */
const PHASE_OF: Record<Exclude<WorkKind, 'project_management'>, number> = {
  design: 0,
  data_migration: 1,
  api_endpoint: 1,
  authentication: 1,
  frontend_page: 1,
  integration: 1,
  report: 1,
  general: 1,
  content: 1,
  testing: 2,
  documentation: 2,
  deployment: 2,
};

const DELIVERABLE_TITLES: Record<WorkKind, string> = {
  design: 'Approved designs with source files',
  frontend_page: 'Working, responsive pages',
  api_endpoint: 'Documented API',
  authentication: 'Sign-in and user accounts',
  integration: 'Working integrations',
  data_migration: 'Migrated data with a check report',
  report: 'Reports and dashboards',
  testing: 'Test report',
  deployment: 'Deployed, monitored application',
  content: 'Content in place',
  documentation: 'Documentation and handover',
  project_management: 'Progress updates',
  general: 'Working features',
};

const MILESTONE_LABELS: Record<WorkKind, string> = {
  design: 'design',
  frontend_page: 'pages',
  api_endpoint: 'API',
  authentication: 'accounts',
  integration: 'integrations',
  data_migration: 'data migration',
  report: 'reports',
  testing: 'testing',
  deployment: 'launch',
  content: 'content',
  documentation: 'handover',
  project_management: 'project management',
  general: 'features',
};

const KIND_RISKS: Partial<Record<WorkKind, QuoteRisk>> = {
  integration: {
    risk: 'A third-party service limits or changes its API during the project',
    mitigation:
      'Sandbox accounts are set up in the first week and each integration is tested early.',
  },
  data_migration: {
    risk: 'The existing data has gaps or duplicates',
    mitigation:
      'A sample is migrated first and a check report lists every record that needs a decision.',
  },
  design: {
    risk: 'Design approval takes more rounds than planned',
    mitigation: 'Two revision rounds are included; the build starts from approved screens only.',
  },
  deployment: {
    risk: 'Hosting or domain access arrives late',
    mitigation: 'Access is requested on day one and a staging site is used until it arrives.',
  },
};

const BASE_RISKS: readonly QuoteRisk[] = [
  {
    risk: 'Scope grows during the project',
    mitigation: 'Changes are written down and quoted before any work starts on them.',
  },
  {
    risk: 'Feedback or access arrives later than planned',
    mitigation: 'A weekly check-in keeps decisions moving; milestone dates move by the days lost.',
  },
];

interface PricedLine {
  line: QuoteLineItem;
  estimate: Estimate;
  requirement: RfpRequirement | null;
}

function pricedLines(requirements: readonly RfpRequirement[], rateMinor: number): PricedLine[] {
  const lines: PricedLine[] = requirements
    .filter((requirement) => !requirement.outOfScope && !requirement.schedule)
    .map((requirement, index) => {
      const guess = estimate(requirement.text);
      const { label, hours } = ESTIMATION_TABLE[guess.kind];
      const pieces =
        guess.count > 1 ? `${guess.count} x ${hours[guess.size]} h` : `${guess.hours} h`;
      return {
        estimate: guess,
        requirement,
        line: {
          id: `line-${index + 1}`,
          label: lineLabel(requirement.text),
          kind: 'task',
          description: `Estimate: ${label.toLowerCase()}, ${guess.size} size, ${pieces}.`,
          quantity: guess.hours,
          unit: 'hours',
          rateMinor,
          optional: requirement.optional,
          selected: false,
          requirementIds: [requirement.id],
        },
      };
    });
  const hasManagement = lines.some((priced) => priced.estimate.kind === 'project_management');
  const workHours = lines.reduce(
    (sum, priced) => sum + (priced.line.optional ? 0 : priced.line.quantity),
    0,
  );
  if (!hasManagement && workHours > 0) {
    const hours = Math.max(2, Math.ceil(workHours * PROJECT_MANAGEMENT_SHARE));
    lines.push({
      estimate: { kind: 'project_management', size: 'standard', count: 1, hours },
      requirement: null,
      line: {
        id: `line-${lines.length + 1}`,
        label: 'Project management and communication',
        kind: 'task',
        description: `Check-ins, updates and coordination: ${Math.round(PROJECT_MANAGEMENT_SHARE * 100)}% of the other hours.`,
        quantity: hours,
        unit: 'hours',
        rateMinor,
        optional: false,
        selected: false,
        requirementIds: [],
      },
    });
  }
  return lines;
}

/**
 * Contiguous groups of roughly equal hours: the k-th group ends where the running total comes
 * closest to k/n of the whole, and a group also ends when just enough items are left to give every
 * later group one.
 */
function partition<T>(items: readonly T[], weight: (item: T) => number, groups: number): T[][] {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  const result: T[][] = [];
  let current: T[] = [];
  let running = 0;
  items.forEach((item, index) => {
    const next = running + weight(item);
    const groupsAfter = groups - result.length - 1;
    if (current.length > 0 && groupsAfter > 0) {
      const target = (total * (result.length + 1)) / groups;
      const mustEnd = items.length - index === groupsAfter;
      const closerBefore = next > target && target - running <= next - target;
      if (mustEnd || closerBefore) {
        result.push(current);
        current = [];
      }
    }
    current.push(item);
    running = next;
  });
  if (current.length > 0) result.push(current);
  return result;
}

/** "A", "A and B", "A, B and C", "A, B, C and more": the kinds of work a milestone holds. */
function milestoneName(index: number, group: readonly PricedLine[]): string {
  const hoursByLabel = new Map<string, number>();
  for (const priced of group) {
    const label = MILESTONE_LABELS[priced.estimate.kind];
    hoursByLabel.set(label, (hoursByLabel.get(label) ?? 0) + priced.line.quantity);
  }
  const labels = [...hoursByLabel.entries()].sort((a, b) => b[1] - a[1]).map(([label]) => label);
  const shown = labels.slice(0, 3);
  const last = labels.length > 3 ? 'more' : shown.pop();
  const list = shown.length > 0 ? `${shown.join(', ')} and ${last}` : last;
  return `Milestone ${index + 1}: ${capitalise(list ?? 'work')}`;
}

interface Plan {
  milestones: QuoteMilestone[];
  deliverables: QuoteDeliverable[];
}

/** 2-4 milestones over the work lines in phase order, and one deliverable per kind of work. */
function planMilestones(lines: readonly PricedLine[]): Plan {
  const work = lines
    .filter((priced) => priced.estimate.kind !== 'project_management')
    .map((priced, order) => ({ priced, order }))
    .sort((a, b) => phaseOf(a.priced) - phaseOf(b.priced) || a.order - b.order)
    .map(({ priced }) => priced);
  if (work.length === 0) return { milestones: [], deliverables: [] };
  const count = Math.min(Math.max(Math.ceil(work.length / 3), 2), 4, work.length);
  const groups = partition(work, (priced) => priced.line.quantity, count);
  const kinds = [...new Set(work.map((priced) => priced.estimate.kind))];
  const deliverables = kinds.map((kind, index) => ({
    id: `deliverable-${index + 1}`,
    title: DELIVERABLE_TITLES[kind],
    description: work
      .filter((priced) => priced.estimate.kind === kind)
      .map((priced) => priced.line.label)
      .join('; '),
  }));
  // A deliverable is closed by the milestone holding the last line of its kind.
  const closer = new Map<WorkKind, number>();
  groups.forEach((group, index) =>
    group.forEach((priced) => closer.set(priced.estimate.kind, index)),
  );
  const milestones = groups.map((group, index) => {
    const hours = group.reduce((sum, priced) => sum + priced.line.quantity, 0);
    return {
      id: `milestone-${index + 1}`,
      name: milestoneName(index, group),
      durationDays: Math.max(1, Math.ceil(hours / HOURS_PER_DAY)),
      deliverableIds: deliverables
        .filter((_, kindIndex) => closer.get(kinds[kindIndex] ?? 'general') === index)
        .map((deliverable) => deliverable.id),
      lineItemIds: group.map((priced) => priced.line.id),
    };
  });
  return { milestones, deliverables };
}

const phaseOf = (priced: PricedLine) =>
  priced.estimate.kind === 'project_management' ? 3 : PHASE_OF[priced.estimate.kind];

const traced = (requirement: RfpRequirement): QuoteTracedItem => ({
  text: capitalise(requirement.text),
  requirementIds: [requirement.id],
});

/** The RFP's own title when its first line reads like one. */
function titleOf(rfpText: string): string {
  const first = rfpText.trim().split('\n', 1)[0]?.trim() ?? '';
  const title = first.startsWith('#') ? first.replace(/^#{1,6}\s*/, '') : first;
  if (title.length >= 4 && title.length <= 100 && !'.!?'.includes(title.at(-1) ?? '')) {
    return `Quote: ${title}`;
  }
  return `Quote: ${addMarker('project name')}`;
}

/** The first prose paragraph of the RFP (not its title or a list), at most three sentences. */
function openingOf(rfpText: string): string | null {
  const paragraphs = rfpText.split(/\n\s*\n/).slice(0, 12);
  for (const paragraph of paragraphs) {
    const text = paragraph.split(/\s+/).filter(Boolean).join(' ');
    const sentences = sentencesOf(text);
    if (text.length >= 60 && sentences.length > 1 && !/^[-*•\d#]/.test(text)) {
      return sentences.slice(0, 3).join(' ').slice(0, 800);
    }
  }
  return null;
}

/** Whether the opening already quotes a requirement, so the understanding does not repeat it. */
const quoted = (opening: string | null, text: string) =>
  opening !== null && opening.toLowerCase().includes(text.toLowerCase());

function sectionsText(input: OfflineQuoteInput, lines: readonly PricedLine[], plan: Plan) {
  const required = lines.filter((priced) => !priced.line.optional);
  const hours = required.reduce((sum, priced) => sum + priced.line.quantity, 0);
  const requirementCount = lines.filter((priced) => priced.requirement).length;
  const days = plan.milestones.reduce((sum, milestone) => sum + milestone.durationDays, 0);
  const rate =
    input.rateMinor === null
      ? addMarker('your hourly rate')
      : `${input.currency} ${minorToMajorString(input.rateMinor, input.currency)} per hour`;
  const opening = openingOf(input.rfpText);
  const summary =
    requirementCount === 0
      ? `Prepared for ${addMarker('client name')}. ${addMarker('the work this quote covers: no requirements were found in the RFP text')}`
      : `Prepared for ${addMarker('client name')}. This quote covers the ${requirementCount} requirements found in your RFP: about ${hours} hours of work in ${plan.milestones.length} milestones, at ${rate}.`;
  const firstLabels = lines
    .filter((priced) => priced.requirement && !quoted(opening, priced.requirement.text))
    .slice(0, 3)
    .map((priced) => priced.line.label);
  const understanding = [
    opening ? `From your RFP: ${opening}` : addMarker("the client's goal, in your words"),
    firstLabels.length > 0 ? `First on your list: ${firstLabels.join('; ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const timeline = [
    `Start: ${addMarker('start date')}.`,
    ...plan.milestones.map(
      (milestone) => `${milestone.name}: about ${milestone.durationDays} working days.`,
    ),
    days > 0 ? `In all, about ${days} working days from the start date.` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { summary, understanding, timeline, rate };
}

function termsText(rate: string, currency: string, validUntil: string): string {
  return [
    `Prices are in ${currency}, at ${rate}; hours are estimates, and each line is billed as quoted.`,
    'Each milestone is paid on approval of its deliverables.',
    'Work outside the scope above is quoted separately at the same rate before it starts.',
    'Optional items are included only if you tick them.',
    `This quote is valid until ${validUntil}.`,
  ].join('\n');
}

function assumptionsOf(
  lines: readonly PricedLine[],
  requirements: readonly RfpRequirement[],
): QuoteTracedItem[] {
  const assumptions: QuoteTracedItem[] = [
    {
      text: 'Hours come from the size of work the RFP describes; they are confirmed after a first call.',
      requirementIds: [],
    },
    {
      text: 'You provide content, accounts and feedback within two working days of each request.',
      requirementIds: [],
    },
    { text: 'Each milestone includes one round of revisions.', requirementIds: [] },
  ];
  // Timing the RFP asks for is answered here and in the timeline, not priced.
  for (const requirement of requirements) {
    if (requirement.schedule && !requirement.outOfScope) {
      assumptions.push({
        text: `Timing from your RFP, to confirm together: ${requirement.text}.`,
        requirementIds: [requirement.id],
      });
    }
  }
  if (lines.length === 0) {
    assumptions.push({ text: addMarker('the requirements this quote covers'), requirementIds: [] });
  }
  return assumptions;
}

/** A quote document for an RFP, valid against the quote schema, built without a model. */
export function offlineQuote(input: OfflineQuoteInput): QuoteDocument {
  const requirements = input.requirements ?? extractRequirements(input.rfpText);
  const lines = pricedLines(requirements, input.rateMinor ?? 0);
  const plan = planMilestones(lines);
  const validUntil = new Date(input.now.getTime() + QUOTE_VALIDITY_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const text = sectionsText(input, lines, plan);
  const kinds = new Set(lines.map((priced) => priced.estimate.kind));
  return quoteDocumentSchema.parse({
    title: titleOf(input.rfpText),
    clientName: addMarker('client name'),
    summary: text.summary,
    understanding: text.understanding,
    scope: {
      in: requirements.filter((r) => !r.outOfScope && !r.schedule).map(traced),
      out: [
        ...requirements.filter((r) => r.outOfScope).map(traced),
        {
          text: 'Anything not listed in scope is quoted separately on request.',
          requirementIds: [],
        },
      ],
    },
    deliverables: plan.deliverables,
    milestones: plan.milestones,
    assumptions: assumptionsOf(lines, requirements),
    risks: [...BASE_RISKS, ...[...kinds].flatMap((kind) => KIND_RISKS[kind] ?? [])],
    timeline: text.timeline,
    terms: termsText(text.rate, input.currency, validUntil),
    status: 'draft',
    currency: input.currency,
    validUntil,
    lineItems: lines.map((priced) => priced.line),
    discount: null,
    taxBasisPoints: 0,
  });
}

/** Words of a text, lowercased, for comparing a requirement with the quote's wording. */
const normalised = (text: string) =>
  ` ${(text.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ')} `;

/**
 * Requirements the quote does not answer: neither a scope entry (in or out) nor an assumption
 * names the requirement's id or contains its words.
 */
export function missingRequirements(
  quote: Pick<QuoteDocument, 'scope' | 'assumptions'>,
  requirements: readonly QuoteRequirement[],
): QuoteRequirement[] {
  const entries = [...quote.scope.in, ...quote.scope.out, ...quote.assumptions];
  const ids = new Set(entries.flatMap((entry) => entry.requirementIds));
  const texts = entries.map((entry) => normalised(entry.text));
  return requirements.filter((requirement) => {
    if (ids.has(requirement.id)) return false;
    const words = normalised(requirement.text);
    return !texts.some((text) => text.includes(words));
  });
}
