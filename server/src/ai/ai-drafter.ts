import type { Config } from '../config.ts';
import type { ResolvedModel } from './registry.ts';
import { RESPONSE_PROMPT_VERSION, runResponseAgent, type ModelCall } from './response-agent.ts';
import type { DraftInput, DraftResult, Emit, ResponseDrafter } from './response-drafter.ts';

/** The model call settings for one run on the resolved model. */
export function modelCall(model: ResolvedModel, ai: Config['ai'], signal: AbortSignal): ModelCall {
  return {
    model: model.languageModel,
    provider: model.provider,
    modelId: model.modelId,
    timeoutMs: ai.timeoutMs,
    maxRetries: ai.maxRetries,
    signal,
  };
}

/** The drafter on a provider's model: the response agent with its tools and self-check. */
export function aiDrafter(model: ResolvedModel, ai: Config['ai']): ResponseDrafter {
  return {
    offline: false,
    model: `${model.provider}:${model.modelId}`,
    promptVersion: RESPONSE_PROMPT_VERSION,
    draft: ({ deps, options, signal }: DraftInput, emit: Emit): Promise<DraftResult> =>
      runResponseAgent(modelCall(model, ai, signal), deps, options, emit),
  };
}
