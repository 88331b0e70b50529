import { OFFLINE_MODEL, OFFLINE_PROMPT_VERSION, offlineDraft } from './offline-engine.ts';
import type { DraftInput, DraftResult, Emit, ResponseDrafter } from './response-drafter.ts';

/**
 * The drafter without a model: it reads the job, searches the portfolio, takes the chosen (or
 * default) template and writes the deterministic offline draft, reporting the same steps.
 */
export const offlineDrafter: ResponseDrafter = {
  offline: true,
  model: OFFLINE_MODEL,
  promptVersion: OFFLINE_PROMPT_VERSION,
  async draft({ deps, options, template: chosen }: DraftInput, emit: Emit): Promise<DraftResult> {
    const { job, profile } = deps;
    const variant = options.variant;
    const started = Date.now();
    const done = (id: string, label: string, detail: string) =>
      emit({ type: 'step', data: { variant, id, label, status: 'done', detail } });
    done('read_job', 'Reading the job', `${job.screeningQuestions.length} screening question(s)`);
    const portfolio = await deps.searchPortfolio(`${job.title} ${job.skills.join(' ')}`, 3);
    done(
      'search_portfolio',
      'Searching the portfolio',
      portfolio.length ? `Found ${portfolio.map((p) => p.title).join(', ')}` : 'No matching items',
    );
    const template = chosen ?? (await deps.listTemplates()).find((t) => t.isDefault) ?? null;
    if (template) done('apply_template', 'Applying a template', `Using "${template.name}"`);
    const draft = offlineDraft({
      job,
      profile,
      portfolio,
      template,
      tone: options.tone,
      length: options.length,
      variant,
    });
    emit({ type: 'text', data: { variant, step: 0, delta: draft.text } });
    done(
      'self-check',
      'Checking the draft',
      `${draft.checks.filter((c) => c.passed).length} of ${draft.checks.length} passed first time`,
    );
    emit({ type: 'checks', data: { variant, checks: draft.checks } });
    return {
      text: draft.text,
      checks: draft.checks,
      citations: draft.citations,
      templateId: template?.id ?? null,
      usage: { promptTokens: 0, completionTokens: 0 },
      latencyMs: Date.now() - started,
      costMicros: 0,
      stopped: false,
    };
  },
};
