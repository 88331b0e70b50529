import type { QuoteDeliverable, QuoteLineItem, QuoteMilestone } from '#contract/quotes';

import { HOURS_PER_DAY, type Estimate, type WorkKind } from './estimation-table.ts';
import { capitalise } from './line-label.ts';
import type { RfpRequirement } from './rfp-requirements.ts';

/**
 * Milestones over a quote's priced lines, in the order the work happens: discovery and design
 * first (a milestone of its own), then the build split into groups of roughly equal hours, then
 * testing, launch and handover (a milestone of its own); two to four in all. Each is named after
 * what it holds: build milestones after the RFP's own headings for their lines ("Booking",
 * "Patient portal") or the kind of work, the others after their phase.
 */

export interface PricedLine {
  line: QuoteLineItem;
  estimate: Estimate;
  requirement: RfpRequirement | null;
}

export interface Plan {
  milestones: QuoteMilestone[];
  deliverables: QuoteDeliverable[];
}

type Phase = 'design' | 'build' | 'launch';

const PHASE_OF: Record<Exclude<WorkKind, 'project_management'>, Phase> = {
  design: 'design',
  data_migration: 'build',
  api_endpoint: 'build',
  authentication: 'build',
  frontend_page: 'build',
  integration: 'build',
  report: 'build',
  general: 'build',
  content: 'build',
  testing: 'launch',
  documentation: 'launch',
  deployment: 'launch',
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

/** What a build line is called in a milestone's name when the RFP gives it no heading. */
const BUILD_LABELS: Partial<Record<WorkKind, string>> = {
  frontend_page: 'pages',
  api_endpoint: 'back end',
  authentication: 'accounts',
  integration: 'integrations',
  data_migration: 'data migration',
  report: 'reports',
  content: 'content',
  general: 'core features',
};
/** Kinds whose own name says more than the heading they sit under. */
const NAMED_BY_KIND = new Set<WorkKind>(['data_migration', 'content']);
/** A name lists at most this many parts ("Booking, reminders and forms"). */
const NAME_PARTS_MAX = 3;

const phaseOf = (priced: PricedLine): Phase =>
  priced.estimate.kind === 'project_management' ? 'build' : PHASE_OF[priced.estimate.kind];

/** The project management added to every quote runs through all milestones; it closes none. */
const isAddedManagement = (priced: PricedLine) =>
  priced.estimate.kind === 'project_management' && priced.requirement === null;

const lowerFirst = (text: string) =>
  text.charAt(1) === text.charAt(1).toUpperCase()
    ? text
    : text.charAt(0).toLowerCase() + text.slice(1);

function joinParts(parts: readonly string[]): string {
  const last = parts.at(-1) ?? '';
  const rest = parts.slice(0, -1);
  return capitalise(rest.length > 0 ? `${rest.join(', ')} and ${last}` : last);
}

function buildName(group: readonly PricedLine[]): string {
  const hours = new Map<string, number>();
  // Unticked optional lines do not name a milestone unless it holds nothing else.
  const required = group.filter((priced) => !priced.line.optional);
  for (const priced of required.length > 0 ? required : group) {
    const { kind } = priced.estimate;
    const topic = NAMED_BY_KIND.has(kind) ? null : (priced.requirement?.topic ?? null);
    const label = topic ? lowerFirst(topic) : (BUILD_LABELS[kind] ?? 'core features');
    hours.set(label, (hours.get(label) ?? 0) + priced.line.quantity);
  }
  // The two biggest parts, in the order they come in the work.
  const biggest = [...hours.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([label]) => label);
  const ordered = [...hours.keys()].filter((label) => biggest.includes(label));
  const parts = ordered.flatMap((label) => label.split(' and '));
  return joinParts(parts.length <= NAME_PARTS_MAX ? parts : (biggest[0] ?? '').split(' and '));
}

function launchName(group: readonly PricedLine[]): string {
  const kinds = new Set(group.map((priced) => priced.estimate.kind));
  const training = group.some((priced) => /train/i.test(priced.line.label));
  const parts = [
    kinds.has('testing') ? 'testing' : '',
    kinds.has('deployment') ? 'launch' : '',
    training ? 'training' : '',
    kinds.has('documentation') ? 'handover' : '',
  ].filter(Boolean);
  return joinParts(parts.length > 0 ? parts : ['launch']);
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

/** The groups of lines, each with its name: design, the build in parts, launch. */
function phaseGroups(work: readonly PricedLine[]): Array<{ name: string; lines: PricedLine[] }> {
  const design = work.filter((priced) => phaseOf(priced) === 'design');
  const build = work.filter((priced) => phaseOf(priced) === 'build');
  const launch = work.filter((priced) => phaseOf(priced) === 'launch');
  const fixed = (design.length > 0 ? 1 : 0) + (launch.length > 0 ? 1 : 0);
  const wanted = Math.max(Math.ceil(build.length / 4), 2 - fixed, 1);
  const buildGroups = Math.min(wanted, 4 - fixed, build.length);
  const groups = [
    ...(design.length > 0 ? [{ name: 'Discovery and design', lines: design }] : []),
    ...(build.length > 0
      ? partition(build, (priced) => priced.line.quantity, buildGroups).map((lines) => ({
          name: buildName(lines),
          lines,
        }))
      : []),
    ...(launch.length > 0 ? [{ name: launchName(launch), lines: launch }] : []),
  ];
  // Two build milestones about the same thing are told apart by their part.
  const seen = new Map<string, number>();
  return groups.map((group) => {
    const count = (seen.get(group.name) ?? 0) + 1;
    seen.set(group.name, count);
    return count > 1 ? { ...group, name: `${group.name}, part ${count}` } : group;
  });
}

/** 2-4 milestones over the work lines in phase order, and one deliverable per kind of work. */
export function planMilestones(lines: readonly PricedLine[]): Plan {
  const work = lines.filter((priced) => !isAddedManagement(priced));
  if (work.length === 0) return { milestones: [], deliverables: [] };
  const groups = phaseGroups(work);
  const ordered = groups.flatMap((group) => group.lines);
  const kinds = [...new Set(ordered.map((priced) => priced.estimate.kind))];
  const deliverables = kinds.map((kind, index) => ({
    id: `deliverable-${index + 1}`,
    title: DELIVERABLE_TITLES[kind],
    description: ordered
      .filter((priced) => priced.estimate.kind === kind)
      .map((priced) => priced.line.label)
      .join('; '),
  }));
  // A deliverable is closed by the milestone holding the last line of its kind.
  const closer = new Map<WorkKind, number>();
  groups.forEach((group, index) =>
    group.lines.forEach((priced) => closer.set(priced.estimate.kind, index)),
  );
  const milestones = groups.map((group, index) => {
    const hours = group.lines.reduce((sum, priced) => sum + priced.line.quantity, 0);
    return {
      id: `milestone-${index + 1}`,
      name: group.name,
      durationDays: Math.max(1, Math.ceil(hours / HOURS_PER_DAY)),
      deliverableIds: deliverables
        .filter((_, kindIndex) => closer.get(kinds[kindIndex] ?? 'general') === index)
        .map((deliverable) => deliverable.id),
      lineItemIds: group.lines.map((priced) => priced.line.id),
    };
  });
  return { milestones, deliverables };
}
