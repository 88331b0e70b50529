import type { QuoteDocument } from '#contract/quotes';

import { runQuoteAgent } from '../../ai/quote-agent.ts';
import type { Config } from '../../config.ts';
import type { ResolvedModel } from '../../ai/registry.ts';
import { documentFromModel } from './model-quote.ts';
import { offlineQuote } from './offline-quote.ts';
import type { RfpRequirement } from './rfp-requirements.ts';

/**
 * The estimating step: the model's quote when a model is configured and answers a valid one, the
 * offline estimate otherwise. The detail says honestly which one the quote holds and why.
 */

export type Estimated = {
  document: QuoteDocument;
  offline: boolean;
  /** "provider:model" when the model's quote was used. */
  model: string | null;
  /** The provider failure, for the circuit breaker (null when the provider answered). */
  failed: unknown;
  detail: string;
};

type EstimateInput = {
  rfpText: string;
  requirements: readonly RfpRequirement[];
  portfolioTitles: readonly string[];
  now: Date;
  signal: AbortSignal;
};

function sizeDetail(document: QuoteDocument): string {
  const hours = document.lineItems
    .filter((line) => line.unit === 'hours' && !line.optional)
    .reduce((sum, line) => sum + line.quantity, 0);
  const lines = document.lineItems.length;
  const rounded = Math.round(hours * 100) / 100;
  return `${lines} ${lines === 1 ? 'line' : 'lines'}, ${rounded.toLocaleString('en-US')} hours`;
}

export async function estimateQuote(
  config: Config,
  pricing: { model: ResolvedModel | null; rateMinor: number | null; currency: string },
  input: EstimateInput,
): Promise<Estimated> {
  const { model, ...body } = pricing;
  const offline = offlineQuote({
    rfpText: input.rfpText,
    rateMinor: body.rateMinor,
    currency: body.currency,
    now: input.now,
    requirements: input.requirements,
  });
  if (!model) {
    return {
      document: offline,
      offline: true,
      model: null,
      failed: null,
      detail: sizeDetail(offline),
    };
  }
  const answer = await runQuoteAgent(
    {
      model: model.languageModel,
      timeoutMs: config.ai.timeoutMs,
      maxRetries: config.ai.maxRetries,
      signal: input.signal,
    },
    {
      rfpText: input.rfpText,
      requirements: input.requirements,
      portfolioTitles: input.portfolioTitles,
      currency: body.currency,
    },
  );
  const fromModel = answer.ok
    ? documentFromModel(answer.quote, {
        rateMinor: body.rateMinor ?? 0,
        currency: body.currency,
        validUntil: offline.validUntil,
      })
    : null;
  if (fromModel) {
    return {
      document: fromModel,
      offline: false,
      model: `${model.provider}:${model.modelId}`,
      failed: null,
      detail: sizeDetail(fromModel),
    };
  }
  const why =
    !answer.ok && answer.reason === 'failed'
      ? `The model did not answer (${answer.message})`
      : 'The model’s answer was not a valid quote';
  return {
    document: offline,
    offline: true,
    model: null,
    failed: !answer.ok && answer.reason === 'failed' ? answer.message : null,
    detail: `${why}; used the offline estimate: ${sizeDetail(offline)}`,
  };
}
