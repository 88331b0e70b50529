import type { ImproveBody } from '#contract/responses';

import { modelCall } from '../../ai/ai-drafter.ts';
import { asAiError, type AiError } from '../../ai/errors.ts';
import { URL_PATTERN } from '../../ai/off-platform.ts';
import { offPlatformCheck, trapCheck } from '../../ai/trap-check.ts';
import { agentJobFromSnapshot, modelJobView } from '../../ai/job-view.ts';
import { OFFLINE_MODEL, OFFLINE_PROMPT_VERSION, offlineImprove } from '../../ai/offline-engine.ts';
import type { ResolvedModel } from '../../ai/registry.ts';
import { IMPROVE_PROMPT_VERSION, runImprove } from '../../ai/response-agent.ts';
import type { Emit } from '../../ai/response-drafter.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { loadAgentProfile } from '../profile/service.ts';
import { requireResponse } from './service.ts';

type Usage = { promptTokens: number; completionTokens: number };

/** The rewritten text, or null when the user stopped it or the provider failed (reported). */
async function improveWithModel(
  config: Config,
  model: ResolvedModel,
  input: { body: ImproveBody; jobTitle: string; jobDescription: string; responseId: string },
  stream: { emit: Emit; signal: AbortSignal },
): Promise<{ text: string; usage: Usage } | { failed: AiError | null }> {
  const { emit } = stream;
  try {
    const out = await runImprove(
      modelCall(model, config.ai, stream.signal),
      {
        text: input.body.text,
        action: input.body.action,
        jobTitle: input.jobTitle,
        jobDescription: input.jobDescription,
      },
      (delta) => emit({ type: 'text', data: { variant: 'A', step: 0, delta } }),
    );
    if (out.stopped) return { failed: null };
    return { text: out.text, usage: out.usage };
  } catch (error) {
    const aiError = asAiError(error);
    emit({
      type: 'error',
      data: {
        variant: 'A',
        code: aiError.code,
        message: aiError.message,
        retryable: aiError.retryable,
        responseId: input.responseId,
      },
    });
    return { failed: aiError };
  }
}

/** Streams a replacement for an 'improve' action; nothing is saved until the user accepts it. */
export async function runImproveStream(
  db: Database,
  config: Config,
  user: AuthUser,
  request: { responseId: string; body: ImproveBody; model: ResolvedModel | null },
  stream: { emit: Emit; signal: AbortSignal },
): Promise<{ failed: AiError | null }> {
  const { responseId, body, model } = request;
  const { emit } = stream;
  const row = await requireResponse(db, user.id, responseId);
  const job = agentJobFromSnapshot(row.job, row.jobId);
  const modelName = model ? `${model.provider}:${model.modelId}` : OFFLINE_MODEL;
  emit({
    type: 'start',
    data: {
      offline: model === null,
      model: modelName,
      variants: ['A'],
      responseIds: { A: responseId },
    },
  });
  const started = Date.now();
  let text: string;
  let usage: Usage = { promptTokens: 0, completionTokens: 0 };
  if (!model) {
    const profile = await loadAgentProfile(db, user.id, user.name);
    text = offlineImprove(body.text, body.action, job, profile);
    emit({ type: 'text', data: { variant: 'A', step: 0, delta: text } });
  } else {
    // The model reads the job with its trap sentences fenced out, as when it drafted.
    const view = modelJobView(job);
    const input = { body, jobTitle: view.title, jobDescription: view.description, responseId };
    const out = await improveWithModel(config, model, input, stream);
    if ('failed' in out) return out;
    ({ text, usage } = out);
    // A model's rewrite gets the same trap and off-platform removal as its drafts; links the
    // user's own text already held may stay.
    const ownLinks = [...body.text.matchAll(URL_PATTERN)].map((match) => match[0]);
    text = trapCheck(text, { job, factSources: [body.text, job.description] }).text;
    text = offPlatformCheck(text, { job, allowedLinks: ownLinks }).text;
  }
  emit({
    type: 'done',
    data: {
      variant: 'A',
      responseId,
      text,
      offline: model === null,
      model: modelName,
      promptVersion: model ? IMPROVE_PROMPT_VERSION : OFFLINE_PROMPT_VERSION,
      usage,
      latencyMs: Date.now() - started,
      costMicros: 0,
      citations: [],
      templateId: row.templateId,
    },
  });
  return { failed: null };
}
