import type { CheckResult, GenerationEvent, Variant } from '@/contract/responses';

import type { StepView } from './response-ui';

/** What the page shows of one variant while it is generated and after. */
export type VariantState = {
  steps: StepView[];
  /** Text of the agent step being streamed. */
  text: string;
  step: number;
  final: string | null;
  edited: string | null;
  checks: CheckResult[];
  responseId: string | null;
  meta: {
    model: string;
    tokens: number;
    costMicros: number;
    latencyMs: number;
    citations: string[];
  } | null;
  saved: boolean;
};

export type VariantMap = Partial<Record<Variant, VariantState>>;

export const emptyVariant = (): VariantState => ({
  steps: [],
  text: '',
  step: -1,
  final: null,
  edited: null,
  checks: [],
  responseId: null,
  meta: null,
  saved: false,
});

/** The text the user sees: their edit, else the final draft, else what has streamed so far. */
export function variantText(state: VariantState | undefined): string {
  return state?.edited ?? state?.final ?? state?.text ?? '';
}

export function patchVariant(
  variants: VariantMap,
  variant: Variant,
  change: (state: VariantState) => VariantState,
): VariantMap {
  return { ...variants, [variant]: change(variants[variant] ?? emptyVariant()) };
}

function applyStep(state: VariantState, data: Extract<GenerationEvent, { type: 'step' }>['data']) {
  const next = { id: data.id, label: data.label, status: data.status, detail: data.detail };
  const known = state.steps.some((step) => step.id === data.id);
  const steps = known
    ? state.steps.map((step) => (step.id === data.id ? next : step))
    : [...state.steps, next];
  return { ...state, steps };
}

/** The variants after one stream event; events that do not concern a variant change nothing. */
export function applyVariantEvent(variants: VariantMap, event: GenerationEvent): VariantMap {
  switch (event.type) {
    case 'start':
      return Object.fromEntries(
        event.data.variants.map((v) => [
          v,
          { ...emptyVariant(), responseId: event.data.responseIds[v] ?? null },
        ]),
      );
    case 'step':
      return patchVariant(variants, event.data.variant, (s) => applyStep(s, event.data));
    case 'text':
      return patchVariant(variants, event.data.variant, (s) =>
        event.data.step === s.step
          ? { ...s, text: s.text + event.data.delta }
          : { ...s, step: event.data.step, text: event.data.delta },
      );
    case 'checks':
      return patchVariant(variants, event.data.variant, (s) => ({
        ...s,
        checks: event.data.checks,
      }));
    case 'done':
      return patchVariant(variants, event.data.variant, (s) => ({
        ...s,
        final: event.data.text,
        responseId: event.data.responseId,
        meta: {
          model: event.data.model,
          tokens: event.data.usage.promptTokens + event.data.usage.completionTokens,
          costMicros: event.data.costMicros,
          latencyMs: event.data.latencyMs,
          citations: event.data.citations.map((c) => c.title),
        },
      }));
    default:
      return variants;
  }
}
