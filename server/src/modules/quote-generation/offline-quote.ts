import { minorToMajorString } from '#contract/quote-totals';
import {
  quoteDocumentSchema,
  type QuoteDocument,
  type QuoteRequirement,
  type QuoteRisk,
  type QuoteTracedItem,
} from '#contract/quotes';
import { addMarker } from '#contract/response-checks';

import {
  ESTIMATION_TABLE,
  PROJECT_MANAGEMENT_SHARE,
  estimate,
  type Estimate,
  type WorkKind,
} from './estimation-table.ts';
import { capitalise, lineLabel } from './line-label.ts';
import { planMilestones, type Plan, type PricedLine } from './milestone-plan.ts';
import {
  extractAims,
  extractRequirements,
  sentencesOf,
  type RfpRequirement,
} from './rfp-requirements.ts';
import { readHeadline, type RfpHeadline } from './rfp-title.ts';

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

/** A line with no requirement behind it: project management, discovery and design. */
function addedLine(
  index: number,
  estimated: Estimate,
  text: { label: string; description: string },
  rateMinor: number,
): PricedLine {
  return {
    estimate: estimated,
    requirement: null,
    line: {
      id: `line-${index}`,
      ...text,
      kind: 'task',
      quantity: estimated.hours,
      unit: 'hours',
      rateMinor,
      optional: false,
      selected: false,
      requirementIds: [],
    },
  };
}

function requirementLine(requirement: RfpRequirement, index: number, rateMinor: number) {
  const guess = estimate(requirement.text);
  const { label: kindLabel, hours } = ESTIMATION_TABLE[guess.kind];
  const pieces = guess.count > 1 ? `${guess.count} x ${hours[guess.size]} h` : `${guess.hours} h`;
  const label = lineLabel(requirement.text);
  // A label cut to its first clause keeps the whole requirement in the description.
  const wording =
    label.length < requirement.text.length ? `${capitalise(requirement.text)}.\n\n` : '';
  return {
    estimate: guess,
    requirement,
    line: {
      id: `line-${index + 1}`,
      label,
      kind: 'task',
      description: `${wording}Estimate: ${kindLabel.toLowerCase()}, ${guess.size} size, ${pieces}.`,
      quantity: guess.hours,
      unit: 'hours',
      rateMinor,
      optional: requirement.optional,
      selected: false,
      requirementIds: [requirement.id],
    },
  } satisfies PricedLine;
}

/** Kinds of work a client sees on screen: they need designing first. */
const SCREEN_KINDS = new Set<WorkKind>(['frontend_page', 'authentication', 'report', 'general']);
const DESIGN_SHARE = 0.08;

function pricedLines(requirements: readonly RfpRequirement[], rateMinor: number): PricedLine[] {
  const lines: PricedLine[] = requirements
    .filter((requirement) => !requirement.outOfScope && !requirement.schedule)
    .map((requirement, index) => requirementLine(requirement, index, rateMinor));
  const required = lines.filter((priced) => !priced.line.optional);
  const workHours = required.reduce((sum, priced) => sum + priced.line.quantity, 0);
  const kinds = new Set(required.map((priced) => priced.estimate.kind));
  // Screens with no design line of their own start from a short discovery and design phase.
  const screens = required.filter((priced) => SCREEN_KINDS.has(priced.estimate.kind)).length;
  if (!kinds.has('design') && screens >= 3) {
    const hours = Math.min(40, Math.max(6, Math.ceil(workHours * DESIGN_SHARE)));
    const estimated: Estimate = { kind: 'design', size: 'standard', count: 1, hours };
    const text = {
      label: 'Discovery and design',
      description: `A kick-off workshop, user flows and wireframes, then designs of the main screens for your approval: ${Math.round(DESIGN_SHARE * 100)}% of the other hours.`,
    };
    lines.unshift(addedLine(lines.length + 1, estimated, text, rateMinor));
  }
  if (!kinds.has('project_management') && workHours > 0) {
    const hoursSoFar = lines.reduce((sum, p) => sum + (p.line.optional ? 0 : p.line.quantity), 0);
    const hours = Math.max(2, Math.ceil(hoursSoFar * PROJECT_MANAGEMENT_SHARE));
    const estimated: Estimate = { kind: 'project_management', size: 'standard', count: 1, hours };
    const text = {
      label: 'Project management and communication',
      description: `Check-ins, updates and coordination: ${Math.round(PROJECT_MANAGEMENT_SHARE * 100)}% of the other hours.`,
    };
    lines.push(addedLine(lines.length + 1, estimated, text, rateMinor));
  }
  // Numbered in the order they are listed.
  return lines.map((priced, index) => ({
    ...priced,
    line: { ...priced.line, id: `line-${index + 1}` },
  }));
}

const traced = (requirement: RfpRequirement): QuoteTracedItem => ({
  text: capitalise(requirement.text),
  requirementIds: [requirement.id],
});

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

/** The RFP's goals and problem, in its words, for the understanding. */
function aimsText(rfpText: string): string {
  const { goals, problem } = extractAims(rfpText);
  const parts = [
    problem.length > 0 ? `The problem, in your words: “${problem.slice(0, 2).join('. ')}.”` : '',
    goals.length > 0
      ? ['What you want to achieve:', ...goals.map((goal) => `- ${capitalise(goal)}`)].join('\n')
      : '',
  ];
  return parts.filter(Boolean).join('\n\n');
}

function sectionsText(
  input: OfflineQuoteInput,
  lines: readonly PricedLine[],
  plan: Plan,
  context: { opening: string | null; client: string; schedule: readonly RfpRequirement[] },
) {
  const required = lines.filter((priced) => !priced.line.optional);
  const hours = required.reduce((sum, priced) => sum + priced.line.quantity, 0);
  const requirementCount = lines.filter((priced) => priced.requirement).length;
  const days = plan.milestones.reduce((sum, milestone) => sum + milestone.durationDays, 0);
  const rate =
    input.rateMinor === null
      ? addMarker('your hourly rate')
      : `${input.currency} ${minorToMajorString(input.rateMinor, input.currency)} per hour`;
  const { opening, client } = context;
  const summary =
    requirementCount === 0
      ? `Prepared for ${client}. ${addMarker('the work this quote covers: no requirements were found in the RFP text')}`
      : `Prepared for ${client}. This quote covers the ${requirementCount} requirements found in your RFP: about ${hours} hours of work in ${plan.milestones.length} milestones, at ${rate}.`;
  const firstLabels = lines
    .filter((priced) => priced.requirement && !quoted(opening, priced.requirement.text))
    .slice(0, 3)
    .map((priced) => priced.line.label);
  const understanding = [
    opening ? `From your RFP: ${opening}` : addMarker("the client's goal, in your words"),
    aimsText(input.rfpText),
    firstLabels.length > 0 ? `First on your list: ${firstLabels.join('; ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const timeline = [
    `Start: ${addMarker('start date')}.`,
    ...plan.milestones.map(
      (milestone, index) =>
        `${index + 1}. ${milestone.name}: about ${milestone.durationDays} working days.`,
    ),
    days > 0 ? `In all, about ${days} working days from the start date.` : '',
    ...context.schedule.map((requirement) => `From your RFP: ${capitalise(requirement.text)}.`),
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

/** The quote's title: the RFP's own, else one naming the client, else a marker. */
function quoteTitle(headline: RfpHeadline): string {
  if (headline.title) return headline.title;
  if (headline.clientName) return `Quote for ${headline.clientName}`;
  return `Quote: ${addMarker('project name')}`;
}

/** A quote document for an RFP, valid against the quote schema, built without a model. */
export function offlineQuote(input: OfflineQuoteInput): QuoteDocument {
  const requirements = input.requirements ?? extractRequirements(input.rfpText);
  const lines = pricedLines(requirements, input.rateMinor ?? 0);
  const plan = planMilestones(lines);
  const validUntil = new Date(input.now.getTime() + QUOTE_VALIDITY_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const opening = openingOf(input.rfpText);
  const headline = readHeadline(input.rfpText, opening ? (sentencesOf(opening)[0] ?? null) : null);
  const client = headline.clientName ?? addMarker('client name');
  const schedule = requirements.filter((r) => r.schedule && !r.outOfScope).slice(0, 4);
  const text = sectionsText(input, lines, plan, { opening, client, schedule });
  const kinds = new Set(lines.map((priced) => priced.estimate.kind));
  return quoteDocumentSchema.parse({
    title: quoteTitle(headline),
    clientName: client,
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
