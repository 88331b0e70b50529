import type { CheckResult, GenerationEvent } from '#contract/responses';

import type { AgentDeps, AgentTemplate, DraftOptions, PortfolioHit } from './types.ts';

export type Emit = (event: GenerationEvent) => void;

/** One variant to draft: the owner's data, the options and the template the user chose. */
export type DraftInput = {
  deps: AgentDeps;
  options: DraftOptions;
  /** The template the user picked, or null to let the drafter choose. */
  template: AgentTemplate | null;
  /** Aborts when the user stops the generation. */
  signal: AbortSignal;
};

export type DraftResult = {
  text: string;
  checks: CheckResult[];
  citations: PortfolioHit[];
  templateId: string | null;
  usage: { promptTokens: number; completionTokens: number };
  latencyMs: number;
  costMicros: number;
  /** The user stopped it: the text so far is kept, unchecked. */
  stopped: boolean;
};

/**
 * Writes one draft, streaming its steps and text as generation events. The offline engine and
 * the AI agent are the two kinds; the generation flow treats them alike.
 */
export interface ResponseDrafter {
  /** True for the offline engine, which needs no provider and costs nothing. */
  readonly offline: boolean;
  /** `provider:model`, or the offline engine's name. */
  readonly model: string;
  readonly promptVersion: string;
  /** Throws AiError when the provider fails. */
  draft(input: DraftInput, emit: Emit): Promise<DraftResult>;
}
