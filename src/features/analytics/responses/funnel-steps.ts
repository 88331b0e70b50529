import {
  FUNNEL_STAGE_LABELS,
  FUNNEL_STAGES,
  type FunnelStage,
  type FunnelStep,
} from '@/contract/dashboard';

/** One step of the response funnel with its conversion from the step before and from sent. */
export type FunnelRow = {
  stage: FunnelStage;
  label: string;
  count: number;
  /** count / the previous step's count; null for the first step or when that step is empty. */
  fromPrevious: number | null;
  /** count / sent; null while nothing was sent. */
  ofSent: number | null;
};

function share(count: number, of: number): number | null {
  return of > 0 ? count / of : null;
}

/**
 * The funnel in its fixed order sent -> viewed -> replied -> interview -> hired, whatever order
 * the steps arrive in; a stage the answer leaves out counts 0. Each stage includes the later
 * ones, so a step's conversion is the share of the previous step that got this far.
 */
export function funnelRows(steps: readonly FunnelStep[]): FunnelRow[] {
  const counts = new Map(steps.map((step) => [step.stage, step.count]));
  const sent = counts.get('sent') ?? 0;
  let previous: number | null = null;
  return FUNNEL_STAGES.map((stage) => {
    const count = counts.get(stage) ?? 0;
    const row: FunnelRow = {
      stage,
      label: FUNNEL_STAGE_LABELS[stage],
      count,
      fromPrevious: previous === null ? null : share(count, previous),
      ofSent: share(count, sent),
    };
    previous = count;
    return row;
  });
}
