import { quoteTemplateContentSchema, quoteTemplateVariablesIn } from '#contract/quote-templates';
import { templateVariablesIn } from '#contract/templates';

import { CATEGORIES, PORTFOLIO_ITEMS, QUOTE_TEMPLATES, RESPONSE_TEMPLATES } from './catalog.ts';
import { addDays, addHours, type HistoryContext } from './context.ts';
import { generateLedger } from './generate-ledger.ts';
import { generatePipeline } from './generate-pipeline.ts';
import { generateQuotes } from './generate-quotes.ts';
import { generateResponses, makeJob } from './generate-responses.ts';
import { HISTORY_SIZES, type HistoryRows, type HistorySize } from './history-rows.ts';
import { createRandom, idFactory } from './random.ts';

export type GenerateHistoryOptions = {
  userId: string;
  /** The end of the history: nothing happens after it. */
  now: Date;
  seed: number;
  /** How far back the history goes (default 12). */
  months?: number;
  /** 'demo' (default): about 300 sends; 'agency-member': 2,000, as one member of an agency. */
  size?: HistorySize;
};

/**
 * A freelancer's year on Upwork as rows of every table analytics reads: templates and portfolio,
 * the jobs answered and the responses sent with their status histories, the leads and message
 * rooms replies became, quotes and how clients answered them, contracts and the money they paid,
 * and a few new jobs not yet answered. The same options always give the same rows: chance comes
 * from the seed and time from `now`, never from the clock.
 */
export function generateHistory(options: GenerateHistoryOptions): HistoryRows {
  const size = HISTORY_SIZES[options.size ?? 'demo'];
  const months = options.months ?? 12;
  const rows: HistoryRows = {
    userId: options.userId,
    templates: [],
    portfolioItems: [],
    jobs: [],
    responses: [],
    responseStatusEvents: [],
    responseCitations: [],
    leads: [],
    leadEvents: [],
    leadLinks: [],
    clients: [],
    contracts: [],
    quotes: [],
    quoteStatusEvents: [],
    quoteShares: [],
    quoteViews: [],
    quoteSignatures: [],
    transactions: [],
    messageRooms: [],
    messages: [],
  };
  const start = new Date(options.now);
  start.setUTCMonth(start.getUTCMonth() - months);
  const context: HistoryContext = {
    userId: options.userId,
    now: options.now,
    start,
    random: createRandom(options.seed),
    nextId: idFactory(options.userId, options.seed),
    rows,
  };
  addTemplates(context);
  addPortfolio(context);
  const outcomes = generateResponses(context, {
    sent: size.sentResponses,
    drafts: size.drafts,
  });
  const { quotePlans, contractPlans } = generatePipeline(context, outcomes);
  generateQuotes(context, quotePlans, size.quotes);
  generateLedger(context, contractPlans, size.transactions);
  addNewJobs(context, size.newJobs);
  markTemplateUsage(context);
  return rows;
}

/** Names of the response templates the history brings: how a second seeding recognises it. */
export const HISTORY_TEMPLATE_NAMES: readonly string[] = RESPONSE_TEMPLATES.map((t) => t.name);

function addTemplates(context: HistoryContext): void {
  const created = context.start;
  RESPONSE_TEMPLATES.forEach((template, index) => {
    context.rows.templates.push({
      id: context.nextId(),
      userId: context.userId,
      kind: 'response',
      name: template.name,
      body: template.body,
      variables: templateVariablesIn(template.body),
      isDefault: index === 0,
      createdAt: created,
      updatedAt: created,
    });
  });
  QUOTE_TEMPLATES.forEach((template, index) => {
    const content = quoteTemplateContentSchema.parse({
      summary: template.summary,
      terms: template.terms,
      lineItems: template.lines.map((line) => ({ ...line, unit: 'hours' })),
    });
    context.rows.templates.push({
      id: context.nextId(),
      userId: context.userId,
      kind: 'quote',
      name: template.name,
      body: '',
      quoteContent: content,
      variables: quoteTemplateVariablesIn(content),
      isDefault: index === 0,
      createdAt: created,
      updatedAt: created,
    });
  });
}

function addPortfolio(context: HistoryContext): void {
  PORTFOLIO_ITEMS.forEach((item, index) => {
    const created = addDays(context.start, -30 + index);
    context.rows.portfolioItems.push({
      id: context.nextId(),
      userId: context.userId,
      title: item.title,
      description: `${item.title}: planned, built and launched with the client's team.`,
      role: 'Lead developer',
      skills: [...item.skills],
      skillsText: item.skills.join(' '),
      industry: item.industry,
      results: item.results,
      position: index + 1,
      createdAt: created,
      updatedAt: created,
    });
  });
}

/** Jobs seen in the last seven days and not answered yet: the dashboard's best new jobs. */
function addNewJobs(context: HistoryContext, count: number): void {
  const weights = CATEGORIES.map((category) => [category, category.weight] as const);
  for (let i = 0; i < count; i += 1) {
    const postedAt = addHours(context.now, -(1 + context.random.next() * 160));
    const { row } = makeJob(context, context.random.weighted(weights), postedAt, {
      source: 'csv',
      number: context.rows.jobs.length + 1,
    });
    if (row.fetchedAt && row.fetchedAt > context.now) row.fetchedAt = context.now;
    if (row.createdAt && row.createdAt > context.now) row.createdAt = context.now;
    if (row.updatedAt && row.updatedAt > context.now) row.updatedAt = context.now;
    if (row.scoredAt && row.scoredAt > context.now) row.scoredAt = context.now;
    context.rows.jobs.push(row);
  }
}

/** Each template's use count and last use, from the responses and quotes that name it. */
function markTemplateUsage(context: HistoryContext): void {
  const uses = new Map<string, { count: number; last: Date }>();
  const note = (templateId: string | null | undefined, at: Date | undefined) => {
    if (!templateId || !at) return;
    const current = uses.get(templateId) ?? { count: 0, last: at };
    uses.set(templateId, { count: current.count + 1, last: at > current.last ? at : current.last });
  };
  for (const response of context.rows.responses) note(response.templateId, response.createdAt);
  for (const quote of context.rows.quotes) note(quote.templateId, quote.createdAt);
  for (const template of context.rows.templates) {
    const use = uses.get(template.id);
    template.usageCount = use?.count ?? 0;
    template.lastUsedAt = use?.last ?? null;
  }
}
