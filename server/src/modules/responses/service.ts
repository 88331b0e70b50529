import { randomUUID } from 'node:crypto';

import {
  COVER_LETTER_LIMIT,
  type CreateResponseBody,
  type ExportResponsesParams,
  type GenerateResponseBody,
  type GenerationEvent,
  type ImproveBody,
  type ListResponsesParams,
  type Response,
  type ResponseHistory,
  type ResponseList,
  type ResponseStatus,
  type UpdateResponseBody,
  type Variant,
} from '#contract/responses';

import { AiError } from '../../ai/errors.ts';
import {
  OFFLINE_MODEL,
  OFFLINE_PROMPT_VERSION,
  offlineDraft,
  offlineImprove,
} from '../../ai/offline-engine.ts';
import type { ResolvedModel } from '../../ai/registry.ts';
import {
  IMPROVE_PROMPT_VERSION,
  RESPONSE_PROMPT_VERSION,
  runImprove,
  runResponseAgent,
} from '../../ai/response-agent.ts';
import type { AgentDeps, AgentJob, AgentProfile, AgentTemplate } from '../../ai/types.ts';
import type { Config } from '../../config.ts';
import { toCsv } from '../../csv.ts';
import type { Database } from '../../db/client.ts';
import type { JobRow } from '../../db/schema/jobs.ts';
import { HttpError } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { getTemplateRow, markTemplateUsed } from '../templates/service.ts';
import { markJobActedOn } from '../jobs/service.ts';
import {
  agentJobFromPastedText,
  agentJobFromRow,
  agentJobFromSnapshot,
  clientHistoryReader,
  listAgentTemplates,
  loadAgentProfile,
  loadJobRow,
  portfolioSearcher,
  profileDefaults,
  snapshotOf,
} from './context.ts';
import * as repo from './repo.ts';

export function toResponse(
  row: repo.ResponseRecord,
  citations: Array<{ portfolioItemId: string; title: string }> = [],
): Response {
  return {
    id: row.id,
    jobId: row.jobId,
    job: row.job,
    templateId: row.templateId,
    templateName: row.templateName,
    generationId: row.generationId,
    variant: row.variant,
    status: row.status,
    statusChangedAt: row.statusChangedAt.toISOString(),
    generation: row.generation,
    generationError: row.generationError,
    text: row.text,
    tone: row.tone,
    length: row.length,
    bidMinor: row.bidMinor,
    currency: row.currency,
    connects: row.connects,
    fitScoreAtSend: row.fitScoreAtSend,
    offline: row.offline,
    model: row.model,
    promptVersion: row.promptVersion,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    costMicros: row.costMicros,
    latencyMs: row.latencyMs,
    checks: row.checks,
    citations,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function requireResponse(
  db: Database,
  userId: string,
  id: string,
): Promise<repo.ResponseRecord> {
  const row = await repo.findResponse(db, userId, id);
  if (!row) throw new HttpError(404, 'not_found', 'Response not found');
  return row;
}

export async function getResponse(db: Database, userId: string, id: string): Promise<Response> {
  const row = await requireResponse(db, userId, id);
  const citations = await repo.citationsFor(db, [id]);
  return toResponse(row, citations.get(id));
}

function decodeOffset(cursor: string | undefined): number {
  if (!cursor) return 0;
  // Exactly what listResponses writes: `o:` and a whole number.
  const match = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const value = match ? Number(match[1]) : Number.NaN;
  if (!Number.isFinite(value) || value < 0 || value > 1_000_000) {
    throw new HttpError(
      400,
      'validation_failed',
      'The cursor is not valid; start again from the first page.',
    );
  }
  return value;
}

export async function listResponses(
  db: Database,
  userId: string,
  query: ListResponsesParams,
): Promise<ResponseList> {
  const limit = query.limit ?? 25;
  const offset = decodeOffset(query.cursor);
  const { rows, total } = await repo.listResponseRows(
    db,
    userId,
    { ...query, limit: limit + 1, sort: query.sort ?? 'createdAt', order: query.order ?? 'desc' },
    offset,
  );
  const page = rows.slice(0, limit);
  const citations = await repo.citationsFor(
    db,
    page.map((r) => r.id),
  );
  return {
    items: page.map((row) => toResponse(row, citations.get(row.id))),
    nextCursor:
      rows.length > limit ? Buffer.from(`o:${offset + limit}`, 'utf8').toString('base64url') : null,
    total,
  };
}

export const CSV_COLUMNS = [
  'id',
  'job_title',
  'job_url',
  'status',
  'status_changed_at',
  'variant',
  'template',
  'fit_score_at_send',
  'bid',
  'currency',
  'connects',
  'characters',
  'model',
  'offline',
  'prompt_tokens',
  'completion_tokens',
  'cost_usd',
  'sent_at',
  'created_at',
  'updated_at',
  'text',
];

export async function exportResponses(
  db: Database,
  userId: string,
  query: ExportResponsesParams,
): Promise<{ csv: string; count: number }> {
  const ids = query.ids
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => /^[0-9a-f-]{36}$/i.test(s));
  const { rows } = await repo.listResponseRows(
    db,
    userId,
    { ...query, limit: 10_000, sort: query.sort ?? 'createdAt', order: query.order ?? 'desc' },
    0,
    ids && ids.length > 0 ? ids : undefined,
  );
  const csv = toCsv(
    rows.map((r) => ({
      id: r.id,
      job_title: r.jobTitle,
      job_url: r.job.url,
      status: r.status,
      status_changed_at: r.statusChangedAt,
      variant: r.variant,
      template: r.templateName,
      fit_score_at_send: r.fitScoreAtSend,
      bid: r.bidMinor === null ? null : (r.bidMinor / 100).toFixed(2),
      currency: r.currency,
      connects: r.connects,
      characters: r.text.length,
      model: r.model,
      offline: r.offline,
      prompt_tokens: r.promptTokens,
      completion_tokens: r.completionTokens,
      cost_usd: (r.costMicros / 1_000_000).toFixed(6),
      sent_at: r.sentAt,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
      text: r.text,
    })),
    CSV_COLUMNS,
  );
  return { csv, count: rows.length };
}

export async function createResponse(
  db: Database,
  user: AuthUser,
  body: CreateResponseBody,
): Promise<Response> {
  let job: AgentJob;
  let jobRow: JobRow | null = null;
  if (body.jobId) {
    jobRow = await loadJobRow(db, user.id, body.jobId);
    job = agentJobFromRow(jobRow);
  } else {
    const given = body.job ?? { title: 'Untitled job' };
    job = agentJobFromSnapshot(
      {
        title: given.title,
        description: given.description ?? '',
        url: given.url ?? null,
        skills: given.skills ?? [],
        screeningQuestions: given.screeningQuestions ?? [],
        clientName: given.clientName ?? null,
        budget: given.budget ?? null,
      },
      null,
    );
  }
  if (body.templateId) await getTemplateRow(db, user.id, body.templateId);
  const row = await repo.insertResponse(db, {
    userId: user.id,
    jobId: jobRow?.id ?? null,
    job: snapshotOf(job),
    jobTitle: job.title,
    templateId: body.templateId ?? null,
    variant: body.variant ?? 'A',
    tone: body.tone ?? 'professional',
    length: body.length ?? 'medium',
    text: body.text,
    generation: 'complete',
    offline: false,
  });
  await repo.addStatusEvent(db, user.id, row.id, null, 'draft');
  await repo.addVersion(db, user.id, row.id, body.text, 'edit');
  // A job the user answered outlives Upwork's 24-hour cache rule.
  if (jobRow) await markJobActedOn(db, user.id, jobRow.id);
  return getResponse(db, user.id, row.id);
}

export async function updateResponse(
  db: Database,
  userId: string,
  id: string,
  body: UpdateResponseBody,
): Promise<Response> {
  const current = await requireResponse(db, userId, id);
  if (body.templateId) await getTemplateRow(db, userId, body.templateId);
  const textChanged = body.text !== undefined && body.text !== current.text;
  await repo.updateResponseRow(db, userId, id, {
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.bidMinor !== undefined ? { bidMinor: body.bidMinor } : {}),
    ...(body.currency !== undefined ? { currency: body.currency } : {}),
    ...(body.connects !== undefined ? { connects: body.connects } : {}),
    ...(body.fitScoreAtSend !== undefined ? { fitScoreAtSend: body.fitScoreAtSend } : {}),
    ...(body.templateId !== undefined ? { templateId: body.templateId } : {}),
    // A user who edits a failed or stopped draft has made it theirs.
    ...(textChanged && current.generation !== 'complete'
      ? { generation: 'complete' as const, generationError: null }
      : {}),
  });
  if (textChanged) await repo.addVersion(db, userId, id, body.text!, body.source ?? 'edit');
  return getResponse(db, userId, id);
}

export async function setStatus(
  db: Database,
  userId: string,
  id: string,
  status: ResponseStatus,
  jobFit: number | null,
): Promise<Response> {
  const current = await requireResponse(db, userId, id);
  if (current.status === status) return getResponse(db, userId, id);
  const now = new Date();
  await repo.updateResponseRow(db, userId, id, {
    status,
    statusChangedAt: now,
    ...(status === 'sent' && !current.sentAt ? { sentAt: now } : {}),
    ...(status === 'sent' && current.fitScoreAtSend === null && jobFit !== null
      ? { fitScoreAtSend: jobFit }
      : {}),
  });
  await repo.addStatusEvent(db, userId, id, current.status, status);
  return getResponse(db, userId, id);
}

export async function jobFitFor(
  db: Database,
  userId: string,
  responseId: string,
): Promise<number | null> {
  const row = await requireResponse(db, userId, responseId);
  if (!row.jobId) return null;
  try {
    return (await loadJobRow(db, userId, row.jobId)).fitScore ?? null;
  } catch {
    return null;
  }
}

export async function history(db: Database, userId: string, id: string): Promise<ResponseHistory> {
  await requireResponse(db, userId, id);
  const [versions, events] = await Promise.all([
    repo.listVersions(db, userId, id),
    repo.listStatusEvents(db, userId, id),
  ]);
  return {
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      text: v.text,
      source: v.source,
      createdAt: v.createdAt.toISOString(),
    })),
    statusEvents: events.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export async function restoreVersion(
  db: Database,
  userId: string,
  id: string,
  versionId: string,
): Promise<Response> {
  await requireResponse(db, userId, id);
  const version = await repo.findVersion(db, userId, id, versionId);
  if (!version) throw new HttpError(404, 'not_found', 'Version not found');
  await repo.updateResponseRow(db, userId, id, { text: version.text });
  await repo.addVersion(db, userId, id, version.text, `restore:${version.number}`);
  return getResponse(db, userId, id);
}

export async function softDelete(
  db: Database,
  userId: string,
  id: string,
): Promise<repo.ResponseRecord> {
  const row = await requireResponse(db, userId, id);
  await repo.updateResponseRow(db, userId, id, { deletedAt: new Date() });
  await repo.purgeDeleted(db, userId);
  return row;
}

export async function undoDelete(db: Database, userId: string, id: string): Promise<Response> {
  const row = await repo.findResponse(db, userId, id, true);
  if (!row) throw new HttpError(404, 'not_found', 'Response not found');
  if (row.deletedAt) await repo.updateResponseRow(db, userId, id, { deletedAt: null });
  return getResponse(db, userId, id);
}

// ---------------------------------------------------------------------------------------------
// Generation

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

/** Everything that can fail as a plain HTTP error happens here, before the stream opens. */
export async function prepareGeneration(
  db: Database,
  user: AuthUser,
  body: GenerateResponseBody,
  model: ResolvedModel | null,
): Promise<PreparedGeneration> {
  let job: AgentJob;
  let jobRow: JobRow | null = null;
  if (body.jobId) {
    jobRow = await loadJobRow(db, user.id, body.jobId);
    job = agentJobFromRow(jobRow);
  } else {
    job = agentJobFromPastedText(body.jobText ?? '', body.jobUrl ?? null, new Date());
  }
  let template: AgentTemplate | null = null;
  if (body.templateId) {
    const row = await getTemplateRow(db, user.id, body.templateId);
    if (row.kind !== 'response')
      throw new HttpError(
        400,
        'validation_failed',
        'Choose a response template, not a quote template.',
      );
    template = { id: row.id, name: row.name, body: row.body, isDefault: row.isDefault };
  }
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

/**
 * Streams one or two variants. Rows are created first (status draft, generation pending) so a
 * provider failure leaves a `failed` draft with the job and options kept, never a lost input.
 */
export async function runGeneration(
  db: Database,
  config: Config,
  prepared: PreparedGeneration,
  emit: (event: GenerationEvent) => void,
  signal: AbortSignal,
): Promise<GenerationOutcome> {
  const { user, job, jobRow, profile, model } = prepared;
  const variants: Variant[] = prepared.body.variants === 2 ? ['A', 'B'] : ['A'];
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
      offline: model === null,
      model: model ? `${model.provider}:${model.modelId}` : OFFLINE_MODEL,
      promptVersion: model ? RESPONSE_PROMPT_VERSION : OFFLINE_PROMPT_VERSION,
    });
    await repo.addStatusEvent(db, user.id, row.id, null, 'draft');
    ids[variant] = row.id;
  }
  // A job the user answered outlives Upwork's 24-hour cache rule.
  if (jobRow) await markJobActedOn(db, user.id, jobRow.id);
  emit({
    type: 'start',
    data: {
      offline: model === null,
      model: model ? `${model.provider}:${model.modelId}` : OFFLINE_MODEL,
      variants,
      responseIds: ids,
    },
  });

  const searchPortfolio = portfolioSearcher(db, user.id, model);
  const templateIds = new Set<string>();
  let failed: AiError | null = null;
  let stopped = false;

  for (const variant of variants) {
    const responseId = ids[variant]!;
    if (signal.aborted) {
      stopped = true;
      await repo.updateResponseRow(db, user.id, responseId, { generation: 'stopped' });
      continue;
    }
    const step = (
      id: string,
      label: string,
      status: 'running' | 'done' | 'failed',
      detail?: string,
    ) =>
      emit({ type: 'step', data: { variant, id, label, status, ...(detail ? { detail } : {}) } });

    if (!model) {
      const started = Date.now();
      step(
        'read_job',
        'Reading the job',
        'done',
        `${job.screeningQuestions.length} screening question(s)`,
      );
      const portfolio = await searchPortfolio(`${job.title} ${job.skills.join(' ')}`, 3);
      step(
        'search_portfolio',
        'Searching the portfolio',
        'done',
        portfolio.length
          ? `Found ${portfolio.map((p) => p.title).join(', ')}`
          : 'No matching items',
      );
      let template = prepared.template;
      if (!template)
        template = (await listAgentTemplates(db, user.id)).find((t) => t.isDefault) ?? null;
      if (template)
        step('apply_template', 'Applying a template', 'done', `Using "${template.name}"`);
      const draft = offlineDraft({
        job,
        profile,
        portfolio,
        template,
        tone: prepared.body.tone,
        length: prepared.body.length,
        variant,
      });
      emit({ type: 'text', data: { variant, step: 0, delta: draft.text } });
      step(
        'self-check',
        'Checking the draft',
        'done',
        `${draft.checks.filter((c) => c.passed).length} of ${draft.checks.length} passed first time`,
      );
      emit({ type: 'checks', data: { variant, checks: draft.checks } });
      const latencyMs = Date.now() - started;
      await finishVariant(db, user.id, responseId, {
        text: draft.text,
        checks: draft.checks,
        citations: draft.citations,
        templateId: template?.id ?? null,
        usage: { promptTokens: 0, completionTokens: 0 },
        latencyMs,
        costMicros: 0,
      });
      if (template) templateIds.add(template.id);
      emit({
        type: 'done',
        data: {
          variant,
          responseId,
          text: draft.text,
          offline: true,
          model: OFFLINE_MODEL,
          promptVersion: OFFLINE_PROMPT_VERSION,
          usage: { promptTokens: 0, completionTokens: 0 },
          latencyMs,
          costMicros: 0,
          citations: draft.citations.map((c) => ({ portfolioItemId: c.id, title: c.title })),
          templateId: template?.id ?? null,
        },
      });
      continue;
    }

    const deps: AgentDeps = {
      job,
      profile,
      searchPortfolio,
      readClientHistory: clientHistoryReader(db, user.id, job),
      listTemplates: () => listAgentTemplates(db, user.id),
    };
    try {
      const draft = await runResponseAgent(
        {
          model: model.languageModel,
          provider: model.provider,
          modelId: model.modelId,
          timeoutMs: config.ai.timeoutMs,
          maxRetries: config.ai.maxRetries,
          signal,
        },
        deps,
        {
          tone: prepared.body.tone,
          length: prepared.body.length,
          templateId: prepared.template?.id ?? null,
          variant,
        },
        emit,
      );
      if (draft.stopped) {
        stopped = true;
        await repo.updateResponseRow(db, user.id, responseId, {
          text: draft.text.slice(0, COVER_LETTER_LIMIT * 2),
          generation: 'stopped',
          latencyMs: draft.latencyMs,
          promptTokens: draft.usage.promptTokens,
          completionTokens: draft.usage.completionTokens,
          costMicros: draft.costMicros,
        });
        if (draft.text) await repo.addVersion(db, user.id, responseId, draft.text, 'generated');
        continue;
      }
      await finishVariant(db, user.id, responseId, draft);
      if (draft.templateId) templateIds.add(draft.templateId);
      emit({
        type: 'done',
        data: {
          variant,
          responseId,
          text: draft.text,
          offline: false,
          model: `${model.provider}:${model.modelId}`,
          promptVersion: RESPONSE_PROMPT_VERSION,
          usage: draft.usage,
          latencyMs: draft.latencyMs,
          costMicros: draft.costMicros,
          citations: draft.citations.map((c) => ({ portfolioItemId: c.id, title: c.title })),
          templateId: draft.templateId,
        },
      });
    } catch (error) {
      const aiError =
        error instanceof AiError
          ? error
          : new AiError(
              'ai_unavailable',
              'The AI provider failed to answer. Try again.',
              502,
              true,
            );
      failed = aiError;
      for (const v of variants.slice(variants.indexOf(variant))) {
        await repo.updateResponseRow(db, user.id, ids[v]!, {
          generation: 'failed',
          generationError: aiError.message,
        });
      }
      emit({
        type: 'error',
        data: {
          variant,
          code: aiError.code,
          message: aiError.message,
          retryable: aiError.retryable,
          responseId,
        },
      });
      break;
    }
  }

  for (const templateId of templateIds) await markTemplateUsed(db, user.id, templateId);
  return { responseIds: Object.values(ids), failed, stopped, templateIds: [...templateIds] };
}

async function finishVariant(
  db: Database,
  userId: string,
  responseId: string,
  draft: {
    text: string;
    checks: Response['checks'];
    citations: Array<{ id: string; title: string }>;
    templateId: string | null;
    usage: { promptTokens: number; completionTokens: number };
    latencyMs: number;
    costMicros: number;
  },
) {
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

/** Streams a replacement for an 'improve' action; nothing is saved until the user accepts it. */
export async function runImproveStream(
  db: Database,
  config: Config,
  user: AuthUser,
  responseId: string,
  body: ImproveBody,
  model: ResolvedModel | null,
  emit: (event: GenerationEvent) => void,
  signal: AbortSignal,
): Promise<{ failed: AiError | null }> {
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
  let usage = { promptTokens: 0, completionTokens: 0 };
  if (!model) {
    const profile = await loadAgentProfile(db, user.id, user.name);
    text = offlineImprove(body.text, body.action, job, profile);
    emit({ type: 'text', data: { variant: 'A', step: 0, delta: text } });
  } else {
    try {
      const out = await runImprove(
        {
          model: model.languageModel,
          provider: model.provider,
          modelId: model.modelId,
          timeoutMs: config.ai.timeoutMs,
          maxRetries: config.ai.maxRetries,
          signal,
        },
        {
          text: body.text,
          action: body.action,
          jobTitle: job.title,
          jobDescription: job.description,
        },
        (delta) => emit({ type: 'text', data: { variant: 'A', step: 0, delta } }),
      );
      if (out.stopped) return { failed: null };
      text = out.text;
      usage = out.usage;
    } catch (error) {
      const aiError =
        error instanceof AiError
          ? error
          : new AiError(
              'ai_unavailable',
              'The AI provider failed to answer. Try again.',
              502,
              true,
            );
      emit({
        type: 'error',
        data: {
          variant: 'A',
          code: aiError.code,
          message: aiError.message,
          retryable: aiError.retryable,
          responseId,
        },
      });
      return { failed: aiError };
    }
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
