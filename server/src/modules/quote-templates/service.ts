import {
  quoteTemplateContentSchema,
  quoteTemplateVariablesIn,
  unknownQuoteTemplateVariables,
  unknownQuoteVariablesMessage,
  QUOTE_TEMPLATE_VARIABLE_NAMES,
  type QuoteTemplate,
  type QuoteTemplateContent,
  type QuoteTemplateList,
} from '#contract/quote-templates';

import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import * as repo from './repo.ts';
import { quoteTemplateText } from './template-text.ts';

type UserAgent = string | null | undefined;
type TemplateRow = repo.QuoteTemplateRow;

/** The content as stored; a row written without content reads as an empty template. */
function contentOf(row: TemplateRow): QuoteTemplateContent {
  const parsed = quoteTemplateContentSchema.safeParse(row.quoteContent ?? {});
  return parsed.success ? parsed.data : quoteTemplateContentSchema.parse({});
}

export function toQuoteTemplate(row: TemplateRow): QuoteTemplate {
  const content = contentOf(row);
  return {
    id: row.id,
    name: row.name,
    content,
    variables: quoteTemplateVariablesIn(content),
    unknownVariables: unknownQuoteTemplateVariables(content),
    isDefault: row.isDefault,
    usageCount: row.usageCount,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new HttpError(404, 'not_found', 'Quote template not found');

/** The user's quote template, or 404 for a missing one, another user's or a response template. */
export async function requireQuoteTemplateRow(
  db: Database,
  userId: string,
  id: string,
): Promise<TemplateRow> {
  const row = await repo.findQuoteTemplateRow(db, userId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * A quote template is saved only when every variable in it is one quotes know: an unknown one
 * would reach the client word for word. The answer names the unknown ones and the known ones.
 */
export function refuseUnknownQuoteVariables(content: QuoteTemplateContent | undefined): void {
  if (!content) return;
  const unknown = unknownQuoteTemplateVariables(content);
  if (unknown.length === 0) return;
  throw new HttpError(400, 'validation_failed', unknownQuoteVariablesMessage(unknown), {
    unknownVariables: unknown,
    knownVariables: QUOTE_TEMPLATE_VARIABLE_NAMES,
  });
}

export async function listQuoteTemplates(
  db: Database,
  userId: string,
  query: { q?: string | undefined },
): Promise<QuoteTemplateList> {
  const rows = await repo.listQuoteTemplateRows(db, userId, query.q);
  return { items: rows.map(toQuoteTemplate), nextCursor: null };
}

export async function getQuoteTemplate(
  db: Database,
  userId: string,
  id: string,
): Promise<QuoteTemplate> {
  return toQuoteTemplate(await requireQuoteTemplateRow(db, userId, id));
}

/** A new quote template; the save, the default switch and the activity entry are one write. */
export async function createQuoteTemplate(
  db: Database,
  userId: string,
  body: { name: string; content: QuoteTemplateContent; isDefault: boolean },
  userAgent: UserAgent = null,
): Promise<QuoteTemplate> {
  refuseUnknownQuoteVariables(body.content);
  return db.transaction(async (tx) => {
    if (body.isDefault) await repo.clearDefaultQuoteTemplate(tx, userId);
    const row = await repo.insertQuoteTemplateRow(tx, userId, {
      name: body.name,
      content: body.content,
      body: quoteTemplateText(body.content),
      variables: quoteTemplateVariablesIn(body.content),
      isDefault: body.isDefault,
    });
    const template = toQuoteTemplate(row);
    await recordActivity(tx, {
      userId,
      action: 'create_quote_template',
      details: { templateId: template.id, isDefault: template.isDefault },
      templateName: template.name,
      userAgent,
    });
    return template;
  });
}

/** A change to a quote template; the save and its activity entry (the fields sent) are one write. */
export async function updateQuoteTemplate(
  db: Database,
  userId: string,
  id: string,
  body: {
    name?: string | undefined;
    content?: QuoteTemplateContent | undefined;
    isDefault?: boolean | undefined;
  },
  userAgent: UserAgent = null,
): Promise<QuoteTemplate> {
  await requireQuoteTemplateRow(db, userId, id);
  refuseUnknownQuoteVariables(body.content);
  return db.transaction(async (tx) => {
    if (body.isDefault) await repo.clearDefaultQuoteTemplate(tx, userId);
    const row = await repo.updateQuoteTemplateRow(tx, userId, id, {
      name: body.name,
      isDefault: body.isDefault,
      ...(body.content
        ? {
            content: body.content,
            body: quoteTemplateText(body.content),
            variables: quoteTemplateVariablesIn(body.content),
          }
        : {}),
    });
    if (!row) throw notFound();
    const template = toQuoteTemplate(row);
    await recordActivity(tx, {
      userId,
      action: 'edit_quote_template',
      details: {
        templateId: template.id,
        fields: Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined),
      },
      templateName: template.name,
      userAgent,
    });
    return template;
  });
}

/** Makes one quote template the user's default (the previous default stops being one). */
export async function makeDefaultQuoteTemplate(
  db: Database,
  userId: string,
  id: string,
  userAgent: UserAgent = null,
): Promise<QuoteTemplate> {
  return updateQuoteTemplate(db, userId, id, { isDefault: true }, userAgent);
}

/** Removes a quote template; quotes made from it keep their text. One write with its activity. */
export async function deleteQuoteTemplate(
  db: Database,
  userId: string,
  id: string,
  userAgent: UserAgent = null,
): Promise<void> {
  const current = await requireQuoteTemplateRow(db, userId, id);
  await db.transaction(async (tx) => {
    await repo.deleteQuoteTemplateRow(tx, userId, id);
    await recordActivity(tx, {
      userId,
      action: 'delete_quote_template',
      details: { templateId: current.id },
      templateName: current.name,
      userAgent,
    });
  });
}

/**
 * The template a new quote starts from: the given one (404 when it is not the user's quote
 * template), else the user's default quote template, else null.
 */
export async function templateForQuote(
  db: Database,
  userId: string,
  templateId?: string,
): Promise<{ id: string; name: string; content: QuoteTemplateContent } | null> {
  const row = templateId
    ? await requireQuoteTemplateRow(db, userId, templateId)
    : await repo.findDefaultQuoteTemplateRow(db, userId);
  if (!row) return null;
  return { id: row.id, name: row.name, content: contentOf(row) };
}

/**
 * A quote was made from the template: one use counted (with the time) and logged. Run it in the
 * transaction that saves the quote, so both land or neither does.
 */
export async function markQuoteTemplateUsed(
  tx: Database,
  userId: string,
  templateId: string,
  userAgent?: string,
): Promise<void> {
  const row = await repo.countQuoteTemplateUse(tx, userId, templateId);
  if (!row) throw notFound();
  await recordActivity(tx, {
    userId,
    action: 'use_quote_template',
    details: { templateId: row.id, usageCount: row.usageCount },
    templateName: row.name,
    userAgent,
  });
}
