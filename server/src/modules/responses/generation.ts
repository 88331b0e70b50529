import { randomUUID } from 'node:crypto';

import { leftoverPlaceholders, removePlaceholders, textChecks } from '#contract/response-checks';
import {
  COVER_LETTER_LIMIT,
  type CheckResult,
  type GenerateResponseBody,
  type GenerationEvent,
  type Variant,
} from '#contract/responses';
import { unknownTemplateVariables, unknownVariablesMessage } from '#contract/templates';

import { aiDrafter } from '../../ai/ai-drafter.ts';
import { asAiError, type AiError } from '../../ai/errors.ts';
import { agentJobFromRow, snapshotOf } from '../../ai/job-view.ts';
import { offlineDrafter } from '../../ai/offline-drafter.ts';
import type { ResolvedModel } from '../../ai/registry.ts';
import type { DraftResult, Emit, ResponseDrafter } from '../../ai/response-drafter.ts';
import type { AgentDeps, AgentJob, AgentProfile, AgentTemplate } from '../../ai/types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobRow } from '../jobs/service.ts';
import { HttpError } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activities/service.ts';
import { markJobActedOn, requireJob } from '../jobs/service.ts';
import { portfolioSearcher } from '../portfolio/service.ts';
import { loadAgentProfile } from '../profile/service.ts';
import {
  getTemplateRow,
  listTemplatesForDrafting,
  markTemplateUsed,
} from '../templates/service.ts';
import { agentJobFromPastedText, clientHistoryReader, profileDefaults } from './context.ts';
import * as repo from './repo.ts';
import type { RequestMeta } from './service.ts';

export type PreparedGeneration = {
  user: AuthUser;
  job: AgentJob;
  jobRow: JobRow | null;
  profile: AgentProfile;
  template: AgentTemplate | null;
  templateChosen: boolean;
  body: GenerateResponseBody & {
    tone: NonNullable<GenerateResponseBody['tone']>;
    length: NonNullable<GenerateResponseBody['length']>;
  };
  model: ResolvedModel | null;
};

/** The chosen template, which must be a response template. */
async function chosenTemplate(
  db: Database,
  userId: string,
  templateId: string | undefined,
): Promise<AgentTemplate | null> {
  if (!templateId) return null;
  const row = await getTemplateRow(db, userId, templateId);
  if (row.kind !== 'response')
    throw new HttpError(
      400,
      'validation_failed',
      'Choose a response template, not a quote template.',
    );
  const unknown = unknownTemplateVariables(row.body);
  if (unknown.length > 0)
    throw new HttpError(
      400,
      'validation_failed',
      `Edit the template “${row.name}” first. ${unknownVariablesMessage(unknown)}`,
      { unknownVariables: unknown },
    );
  return { id: row.id, name: row.name, body: row.body, isDefault: row.isDefault };
}

/**
 * A finished draft never carries a `{{...}}` placeholder: any left (from a template or written
 * by a model) is removed, and the text checks are added to the drafter's own.
 */
export function withoutPlaceholders(draft: DraftResult): DraftResult {
  const left = leftoverPlaceholders(draft.text);
  const text = left.length > 0 ? removePlaceholders(draft.text) : draft.text;
  const own = new Set(draft.checks.map((check) => check.id));
  const added: CheckResult[] = textChecks(text)
    .filter((check) => !own.has(check.id))
    .map((check) =>
      check.id === 'variables' && left.length > 0
        ? {
            ...check,
            passed: false,
            fixed: true,
            detail: `Removed ${left.join(', ')}: nothing fills it.`,
          }
        : check,
    );
  return { ...draft, text, checks: [...draft.checks, ...added] };
}

/** Everything that can fail as a plain HTTP error happens here, before the stream opens. */
export async function prepareGeneration(
  db: Database,
  user: AuthUser,
  body: GenerateResponseBody,
  model: ResolvedModel | null,
): Promise<PreparedGeneration> {
  const jobRow = body.jobId ? await requireJob(db, user.id, body.jobId) : null;
  const job = jobRow
    ? agentJobFromRow(jobRow)
    : agentJobFromPastedText(body.jobText ?? '', body.jobUrl ?? null, new Date());
  const template = await chosenTemplate(db, user.id, body.templateId);
  const [defaults, profile] = await Promise.all([
    profileDefaults(db, user.id),
    loadAgentProfile(db, user.id, user.name),
  ]);
  return {
    user,
    job,
    jobRow,
    profile,
    template,
    templateChosen: Boolean(body.templateId),
    body: { ...body, tone: body.tone ?? defaults.tone, length: body.length ?? defaults.length },
    model,
  };
}

export type GenerationOutcome = {
  responseIds: string[];
  failed: AiError | null;
  stopped: boolean;
  templateIds: string[];
};

/** The offline engine without a model, the AI agent with one. */
function drafterFor(model: ResolvedModel | null, config: Config): ResponseDrafter {
  return model ? aiDrafter(model, config.ai) : offlineDrafter;
}

/** One draft row per variant (status draft, generation pending), by variant. */
async function createVariantRows(
  db: Database,
  prepared: PreparedGeneration,
  drafter: ResponseDrafter,
  variants: Variant[],
): Promise<Record<string, string>> {
  const { user, job, jobRow } = prepared;
  const generationId = randomUUID();
  const ids: Record<string, string> = {};
  for (const variant of variants) {
    const row = await repo.insertResponse(db, {
      userId: user.id,
      jobId: jobRow?.id ?? null,
      job: snapshotOf(job),
      jobTitle: job.title,
      templateId: prepared.template?.id ?? null,
      generationId,
      variant,
      tone: prepared.body.tone,
      length: prepared.body.length,
      generation: 'pending',
      offline: drafter.offline,
      model: drafter.model,
      promptVersion: drafter.promptVersion,
    });
    await repo.addStatusEvent(db, user.id, row.id, null, 'draft');
    ids[variant] = row.id;
  }
  return ids;
}

/**
 * Streams one or two variants. Rows are created first (status draft, generation pending) so a
 * provider failure leaves a `failed` draft with the job and options kept, never a lost input.
 */
export async function runGeneration(
  db: Database,
  config: Config,
  prepared: PreparedGeneration,
  stream: { emit: Emit; signal: AbortSignal },
  meta: RequestMeta,
): Promise<GenerationOutcome> {
  const { user, jobRow } = prepared;
  const { emit, signal } = stream;
  const drafter = drafterFor(prepared.model, config);
  const variants: Variant[] = prepared.body.variants === 2 ? ['A', 'B'] : ['A'];
  const ids = await createVariantRows(db, prepared, drafter, variants);
  // A job the user answered outlives Upwork's 24-hour cache rule.
  if (jobRow) await markJobActedOn(db, user.id, jobRow.id);
  emit({
    type: 'start',
    data: { offline: drafter.offline, model: drafter.model, variants, responseIds: ids },
  });
  const deps = draftingDeps(db, prepared);
  const outcome: GenerationOutcome = {
    responseIds: Object.values(ids),
    failed: null,
    stopped: false,
    templateIds: [],
  };
  const templateIds = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    const responseId = ids[variant]!;
    if (signal.aborted) {
      outcome.stopped = true;
      await repo.updateResponseRow(db, user.id, responseId, { generation: 'stopped' });
      continue;
    }
    const options = {
      tone: prepared.body.tone,
      length: prepared.body.length,
      templateId: prepared.template?.id ?? null,
      variant,
    };
    let draft: DraftResult;
    try {
      draft = withoutPlaceholders(
        await drafter.draft({ deps, options, template: prepared.template, signal }, emit),
      );
    } catch (error) {
      if (drafter.offline) throw error;
      outcome.failed = asAiError(error);
      const unfinished = variants.slice(index).map((v) => ids[v]!);
      await failVariants(db, user.id, unfinished, outcome.failed);
      emit({ type: 'error', data: { variant, ...errorData(outcome.failed), responseId } });
      break;
    }
    if (draft.stopped) {
      outcome.stopped = true;
      await saveStoppedVariant(db, user.id, responseId, draft);
      continue;
    }
    await finishVariant(db, user.id, responseId, draft);
    if (draft.templateId) templateIds.add(draft.templateId);
    emit({ type: 'checks', data: { variant, checks: draft.checks } });
    emit({ type: 'done', data: doneData(drafter, variant, responseId, draft) });
  }
  if (!outcome.failed && !outcome.stopped)
    await repo.deleteUntouchedDrafts(
      db,
      user.id,
      (prepared.body.replaces ?? []).filter((id) => !outcome.responseIds.includes(id)),
    );
  for (const templateId of templateIds) await markTemplateUsed(db, user.id, templateId);
  outcome.templateIds = [...templateIds];
  await recordGeneration(db, prepared, drafter, outcome, meta);
  return outcome;
}

/** The owner's data as the drafters reach it. */
function draftingDeps(db: Database, prepared: PreparedGeneration): AgentDeps {
  const { user, job, profile, model } = prepared;
  return {
    job,
    profile,
    searchPortfolio: portfolioSearcher(db, user.id, model),
    readClientHistory: clientHistoryReader(db, user.id, job),
    listTemplates: () => listTemplatesForDrafting(db, user.id),
  };
}

function errorData(error: AiError) {
  return { code: error.code, message: error.message, retryable: error.retryable };
}

function doneData(
  drafter: ResponseDrafter,
  variant: Variant,
  responseId: string,
  draft: DraftResult,
): Extract<GenerationEvent, { type: 'done' }>['data'] {
  return {
    variant,
    responseId,
    text: draft.text,
    offline: drafter.offline,
    model: drafter.model,
    promptVersion: drafter.promptVersion,
    usage: draft.usage,
    latencyMs: draft.latencyMs,
    costMicros: draft.costMicros,
    citations: draft.citations.map((c) => ({ portfolioItemId: c.id, title: c.title })),
    templateId: draft.templateId,
  };
}

async function failVariants(db: Database, userId: string, responseIds: string[], error: AiError) {
  for (const id of responseIds) {
    await repo.updateResponseRow(db, userId, id, {
      generation: 'failed',
      generationError: error.message,
    });
  }
}

/** A stopped draft keeps its text so far (bounded) and what it cost. */
async function saveStoppedVariant(
  db: Database,
  userId: string,
  responseId: string,
  draft: DraftResult,
) {
  await repo.updateResponseRow(db, userId, responseId, {
    text: draft.text.slice(0, COVER_LETTER_LIMIT * 2),
    generation: 'stopped',
    latencyMs: draft.latencyMs,
    promptTokens: draft.usage.promptTokens,
    completionTokens: draft.usage.completionTokens,
    costMicros: draft.costMicros,
  });
  if (draft.text) await repo.addVersion(db, userId, responseId, draft.text, 'generated');
}

async function finishVariant(db: Database, userId: string, responseId: string, draft: DraftResult) {
  await repo.updateResponseRow(db, userId, responseId, {
    text: draft.text,
    checks: draft.checks,
    generation: 'complete',
    generationError: null,
    templateId: draft.templateId,
    promptTokens: draft.usage.promptTokens,
    completionTokens: draft.usage.completionTokens,
    costMicros: draft.costMicros,
    latencyMs: draft.latencyMs,
  });
  await repo.addVersion(db, userId, responseId, draft.text, 'generated');
  await repo.replaceCitations(db, userId, responseId, draft.citations);
}

/** Logs the generation and each template it used (chosen by the user or by the agent). */
async function recordGeneration(
  db: Database,
  prepared: PreparedGeneration,
  drafter: ResponseDrafter,
  outcome: GenerationOutcome,
  meta: RequestMeta,
) {
  const userId = prepared.user.id;
  const jobId = prepared.jobRow?.id ?? null;
  await recordActivity(db, {
    userId,
    action: 'generate_response',
    details: {
      responseIds: outcome.responseIds,
      variants: outcome.responseIds.length,
      offline: drafter.offline,
      model: drafter.model,
      outcome: outcome.failed ? 'failed' : outcome.stopped ? 'stopped' : 'complete',
      ...(outcome.failed ? { error: outcome.failed.code } : {}),
    },
    jobId,
    userAgent: meta.userAgent,
  });
  for (const templateId of outcome.templateIds) {
    await recordActivity(db, {
      userId,
      action: 'use_response_template',
      details: {
        templateId,
        responseIds: outcome.responseIds,
        chosenBy: prepared.templateChosen ? 'user' : 'agent',
      },
      jobId,
      userAgent: meta.userAgent,
    });
  }
}
