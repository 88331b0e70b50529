import type { z } from 'zod';

import type { generateQuoteBodySchema } from '#contract/quotes-api';
import { leftoverMarkers } from '#contract/response-checks';
import { type QuoteGenerationEvent, type QUOTE_AGENT_STEPS } from '#contract/quotes-api';
import type { QuoteTemplateContent } from '#contract/quote-templates';
import type { QuoteDocument, QuoteRequirement } from '#contract/quotes';

import type { ResolvedModel } from '../../ai/registry.ts';
import type { AgentProfile } from '../../ai/types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { requireJob } from '../jobs/service.ts';
import { portfolioSearcher } from '../portfolio/service.ts';
import { loadAgentProfile } from '../profile/service.ts';
import { markQuoteTemplateUsed, templateForQuote } from '../quote-templates/service.ts';
import { createQuote } from '../quotes/service.ts';
import { getResponse } from '../responses/service.ts';
import { coverageDetail, coverEveryRequirement } from './coverage.ts';
import { estimateQuote } from './estimate.ts';
import { portfolioKeywords, withExperience } from './experience.ts';
import { extractRequirements } from './rfp-requirements.ts';
import { applyQuoteTemplate } from './template-apply.ts';
import { formatRate, markMissingRate } from './rate-text.ts';

/**
 * The quote agent's run: read the RFP, find its requirements, look for related portfolio work,
 * estimate (the model when one is configured, else the offline engine, and the offline engine
 * again when the model's answer is unusable), apply the quote template, check that every
 * requirement is answered, and save. Each step is streamed as it starts and ends.
 */

export type GenerateQuoteInput = z.output<typeof generateQuoteBodySchema>;
type Step = (typeof QUOTE_AGENT_STEPS)[number];

export type PreparedQuoteGeneration = {
  user: AuthUser;
  body: GenerateQuoteInput;
  model: ResolvedModel | null;
  template: { id: string; name: string; content: QuoteTemplateContent } | null;
  profile: AgentProfile;
};

export type QuoteStream = { emit: (event: QuoteGenerationEvent) => void; signal: AbortSignal };

/** Everything that can fail as a plain HTTP error (a foreign job, response or template). */
export async function prepareQuoteGeneration(
  db: Database,
  user: AuthUser,
  body: GenerateQuoteInput,
  model: ResolvedModel | null,
): Promise<PreparedQuoteGeneration> {
  if (body.jobId) await requireJob(db, user.id, body.jobId);
  if (body.responseId) await getResponse(db, user.id, body.responseId);
  const template = await templateForQuote(db, user.id, body.templateId);
  const profile = await loadAgentProfile(db, user.id, user.name);
  return { user, body, model, template, profile };
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function readingDetail(text: string, fileName: string | undefined): string {
  const words = text.split(/\s+/).filter(Boolean).length;
  const detail = `${count(words, 'word')}, ${count(text.length, 'character')}`;
  return fileName ? `${fileName}: ${detail}` : detail;
}

/** Runs one step, streaming its start and its end with what it found. */
async function step<T>(
  stream: QuoteStream,
  name: Step,
  work: () => Promise<{ value: T; detail: string }> | { value: T; detail: string },
  startDetail = '',
): Promise<T> {
  stream.emit({ type: 'step', data: { step: name, state: 'started', detail: startDetail } });
  const { value, detail } = await work();
  stream.emit({ type: 'step', data: { step: name, state: 'done', detail } });
  return value;
}

function templated(
  prepared: PreparedQuoteGeneration,
  document: QuoteDocument,
  now: Date,
): QuoteDocument {
  if (!prepared.template) return document;
  const { body, profile } = prepared;
  return applyQuoteTemplate(document, prepared.template.content, {
    rateMinor: body.rateMinor ?? 0,
    now,
    values: {
      // The client's name when the RFP gave one; otherwise the variable becomes a marker.
      client_name:
        leftoverMarkers(document.clientName).length > 0 ? null : document.clientName || null,
      project_title: document.title.replace(/^Quote: /, ''),
      my_name: profile.name,
      my_title: profile.title,
      rate: body.rateMinor === null ? null : formatRate(body.rateMinor, body.currency),
      currency: body.currency,
      signature: profile.signature,
    },
  });
}

export type QuoteGenerationOutcome = {
  /** The provider failure, if the model failed (the quote still came from the offline engine). */
  failed: unknown;
  stopped: boolean;
};

export async function runQuoteGeneration(
  db: Database,
  config: Config,
  prepared: PreparedQuoteGeneration,
  stream: QuoteStream,
  meta: { userAgent?: string },
): Promise<QuoteGenerationOutcome> {
  const { body, user, model } = prepared;
  const now = new Date();
  const text = body.rfpText;
  await step(stream, 'reading', () => ({
    value: null,
    detail: readingDetail(text, body.rfpFileName),
  }));
  const requirements = await step(stream, 'requirements', () => {
    const found = extractRequirements(text);
    return { value: found, detail: `${count(found.length, 'requirement')} found` };
  });
  const portfolio = await step(stream, 'portfolio', async () => {
    const hits = await portfolioSearcher(
      db,
      user.id,
      model,
    )(portfolioKeywords(text, requirements), 3);
    const titles = hits.map((hit) => hit.title);
    return { value: titles, detail: `${count(titles.length, 'related portfolio item')}` };
  });
  if (stream.signal.aborted) return { failed: null, stopped: true };
  const estimated = await step(
    stream,
    'estimating',
    async () => {
      const pricing = { model, rateMinor: body.rateMinor, currency: body.currency };
      const result = await estimateQuote(config, pricing, {
        rfpText: text,
        requirements,
        portfolioTitles: portfolio,
        now,
        signal: stream.signal,
      });
      return { value: result, detail: result.detail };
    },
    model ? `Asking ${model.provider}:${model.modelId}` : 'Offline estimate',
  );
  if (stream.signal.aborted) return { failed: estimated.failed, stopped: true };
  const traced: QuoteRequirement[] = requirements.map(({ id, text: wording, sentence }) => ({
    id,
    text: wording,
    sentence,
  }));
  const checked = await step(stream, 'checking', () => {
    const priced = templated(prepared, estimated.document, now);
    const shaped = withExperience(
      body.rateMinor === null ? markMissingRate(priced) : priced,
      portfolio,
    );
    const result = coverEveryRequirement(shaped, traced);
    return { value: result, detail: coverageDetail(result.added, traced.length) };
  });
  const { id } = await createQuote(
    db,
    user.id,
    {
      document: checked.document,
      requirements: traced,
      rfpText: text,
      rfpFileName: body.rfpFileName ?? null,
      jobId: body.jobId ?? null,
      responseId: body.responseId ?? null,
      leadId: body.leadId ?? null,
      templateId: prepared.template?.id ?? null,
      offline: estimated.offline,
      model: estimated.model,
    },
    meta,
  );
  if (prepared.template) {
    await markQuoteTemplateUsed(db, user.id, prepared.template.id, meta.userAgent);
  }
  stream.emit({
    type: 'quote',
    data: {
      quoteId: id,
      offline: estimated.offline,
      missingRequirementIds: checked.added.map((requirement) => requirement.id),
    },
  });
  return { failed: estimated.failed, stopped: false };
}
