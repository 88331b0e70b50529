import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';

import type { QuoteTemplateContent } from '#contract/quote-templates';

import { containsPattern } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { templates, type TemplateRow } from '../../db/schema/templates.ts';

/** A row of the templates table holding a quote template. */
export type QuoteTemplateRow = TemplateRow;

/** Quote templates share the templates table with response templates; `kind` keeps them apart. */
const QUOTE = 'quote' as const;

const ownQuoteTemplate = (userId: string, id: string) =>
  and(eq(templates.id, id), eq(templates.userId, userId), eq(templates.kind, QUOTE));

export async function listQuoteTemplateRows(
  db: Database,
  userId: string,
  q: string | undefined,
): Promise<TemplateRow[]> {
  const conditions = [eq(templates.userId, userId), eq(templates.kind, QUOTE)];
  if (q) {
    const pattern = containsPattern(q);
    const match = or(ilike(templates.name, pattern), ilike(templates.body, pattern));
    if (match) conditions.push(match);
  }
  return db
    .select()
    .from(templates)
    .where(and(...conditions))
    .orderBy(desc(templates.isDefault), asc(sql`lower(${templates.name})`), asc(templates.id))
    .limit(500);
}

export async function findQuoteTemplateRow(
  db: Database,
  userId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  const rows = await db.select().from(templates).where(ownQuoteTemplate(userId, id)).limit(1);
  return rows[0];
}

export async function findDefaultQuoteTemplateRow(
  db: Database,
  userId: string,
): Promise<TemplateRow | undefined> {
  const rows = await db
    .select()
    .from(templates)
    .where(
      and(eq(templates.userId, userId), eq(templates.kind, QUOTE), eq(templates.isDefault, true)),
    )
    .limit(1);
  return rows[0];
}

/** Clears the user's current default quote template (before another becomes the default). */
export async function clearDefaultQuoteTemplate(db: Database, userId: string): Promise<void> {
  await db
    .update(templates)
    .set({ isDefault: false })
    .where(
      and(eq(templates.userId, userId), eq(templates.kind, QUOTE), eq(templates.isDefault, true)),
    );
}

export type QuoteTemplateWrite = {
  name: string;
  content: QuoteTemplateContent;
  body: string;
  variables: string[];
  isDefault: boolean;
};

export async function insertQuoteTemplateRow(
  db: Database,
  userId: string,
  values: QuoteTemplateWrite,
): Promise<TemplateRow> {
  const [row] = await db
    .insert(templates)
    .values({
      userId,
      kind: QUOTE,
      name: values.name,
      body: values.body,
      quoteContent: values.content,
      variables: values.variables,
      isDefault: values.isDefault,
    })
    .returning();
  return row!;
}

export async function updateQuoteTemplateRow(
  db: Database,
  userId: string,
  id: string,
  values: Partial<QuoteTemplateWrite>,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.content !== undefined ? { quoteContent: values.content } : {}),
      ...(values.body !== undefined ? { body: values.body } : {}),
      ...(values.variables !== undefined ? { variables: values.variables } : {}),
      ...(values.isDefault !== undefined ? { isDefault: values.isDefault } : {}),
      updatedAt: new Date(),
    })
    .where(ownQuoteTemplate(userId, id))
    .returning();
  return row;
}

export async function deleteQuoteTemplateRow(
  db: Database,
  userId: string,
  id: string,
): Promise<void> {
  await db.delete(templates).where(ownQuoteTemplate(userId, id));
}

/** Counts one use of the template; undefined when it is not the user's quote template. */
export async function countQuoteTemplateUse(
  db: Database,
  userId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({ usageCount: sql`${templates.usageCount} + 1`, lastUsedAt: new Date() })
    .where(ownQuoteTemplate(userId, id))
    .returning();
  return row;
}
