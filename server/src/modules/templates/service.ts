import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';

import type { ActivityAction } from '#contract/activity';
import {
  renderTemplate,
  templateVariablesIn,
  unknownTemplateVariables,
  unknownVariablesMessage,
  TEMPLATE_VARIABLE_NAMES,
  type CreateTemplateBody,
  type Template,
  type TemplateKind,
  type TemplatePreview,
  type UpdateTemplateBody,
} from '#contract/templates';

import { templateValues } from '../../ai/draft-values.ts';
import type { AgentJob, AgentTemplate } from '../../ai/types.ts';
import { containsPattern } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { templates, type TemplateRow } from '../../db/schema/templates.ts';
import { HttpError } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import { loadFillView } from './fill-view.ts';

export function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    body: row.body,
    variables: row.variables,
    unknownVariables: unknownTemplateVariables(row.body),
    isDefault: row.isDefault,
    usageCount: row.usageCount,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function templateActivity(
  kind: TemplateKind,
  verb: 'create' | 'edit' | 'delete' | 'use',
): ActivityAction {
  return `${verb}_${kind}_template` as ActivityAction;
}

/**
 * /api/templates serves response templates only: quote templates have their own content and
 * routes, so asking here for kind 'quote' is refused with where to go instead.
 */
export function refuseQuoteKind(kind: TemplateKind | undefined): void {
  if (kind !== 'quote') return;
  throw new HttpError(400, 'validation_failed', 'Quote templates live at /api/quote-templates.', {
    kind,
  });
}

export async function listTemplates(
  db: Database,
  userId: string,
  query: { kind: TemplateKind; q?: string | undefined },
) {
  refuseQuoteKind(query.kind);
  const conditions = [eq(templates.userId, userId), eq(templates.kind, 'response')];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(ilike(templates.name, pattern), ilike(templates.body, pattern));
    if (match) conditions.push(match);
  }
  const rows = await db
    .select()
    .from(templates)
    .where(and(...conditions))
    .orderBy(desc(templates.isDefault), asc(sql`lower(${templates.name})`), asc(templates.id))
    .limit(500);
  return { items: rows.map(toTemplate), nextCursor: null };
}

/** The user's response template with this id (a quote template is not one: it answers 404). */
const isOwnResponseTemplate = (userId: string, id: string) =>
  and(eq(templates.id, id), eq(templates.userId, userId), eq(templates.kind, 'response'));

export async function getTemplateRow(
  db: Database,
  userId: string,
  id: string,
): Promise<TemplateRow> {
  const rows = await db.select().from(templates).where(isOwnResponseTemplate(userId, id)).limit(1);
  if (!rows[0]) throw new HttpError(404, 'not_found', 'Template not found');
  return rows[0];
}

/**
 * A template is saved only when every variable in it is known: an unknown one would reach the
 * client word for word. The answer lists the unknown ones and the ones that may be used.
 */
export function refuseUnknownVariables(body: string | undefined): void {
  if (body === undefined) return;
  const unknown = unknownTemplateVariables(body);
  if (unknown.length === 0) return;
  throw new HttpError(400, 'validation_failed', unknownVariablesMessage(unknown), {
    unknownVariables: unknown,
    knownVariables: TEMPLATE_VARIABLE_NAMES,
  });
}

/** A new template; the save and its activity entry are one write. */
export async function createTemplate(
  db: Database,
  userId: string,
  body: CreateTemplateBody,
  userAgent: string | null | undefined = null,
): Promise<Template> {
  refuseQuoteKind(body.kind);
  refuseUnknownVariables(body.body);
  const kind = 'response';
  return db.transaction(async (tx) => {
    if (body.isDefault) {
      await tx
        .update(templates)
        .set({ isDefault: false })
        .where(
          and(
            eq(templates.userId, userId),
            eq(templates.kind, kind),
            eq(templates.isDefault, true),
          ),
        );
    }
    const [row] = await tx
      .insert(templates)
      .values({
        userId,
        kind,
        name: body.name,
        body: body.body,
        variables: templateVariablesIn(body.body),
        isDefault: body.isDefault ?? false,
      })
      .returning();
    const template = toTemplate(row!);
    await recordActivity(tx, {
      userId,
      action: templateActivity(template.kind, 'create'),
      details: { templateId: template.id, unknownVariables: template.unknownVariables },
      templateName: template.name,
      userAgent,
    });
    return template;
  });
}

/** A change to a template; the save and its activity entry (the fields sent) are one write. */
export async function updateTemplate(
  db: Database,
  userId: string,
  id: string,
  body: UpdateTemplateBody,
  userAgent: string | null | undefined = null,
): Promise<Template> {
  const current = await getTemplateRow(db, userId, id);
  refuseUnknownVariables(body.body);
  return db.transaction(async (tx) => {
    if (body.isDefault) {
      await tx
        .update(templates)
        .set({ isDefault: false })
        .where(
          and(
            eq(templates.userId, userId),
            eq(templates.kind, current.kind),
            eq(templates.isDefault, true),
          ),
        );
    }
    const [row] = await tx
      .update(templates)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.body !== undefined
          ? { body: body.body, variables: templateVariablesIn(body.body) }
          : {}),
        ...(body.isDefault !== undefined ? { isDefault: body.isDefault } : {}),
        updatedAt: new Date(),
      })
      .where(isOwnResponseTemplate(userId, id))
      .returning();
    const template = toTemplate(row!);
    await recordActivity(tx, {
      userId,
      action: templateActivity(template.kind, 'edit'),
      details: { templateId: template.id, fields: Object.keys(body) },
      templateName: template.name,
      userAgent,
    });
    return template;
  });
}

/** Removes a template; the removal and its activity entry (which keeps the name) are one write. */
export async function deleteTemplate(
  db: Database,
  userId: string,
  id: string,
  userAgent: string | null | undefined = null,
): Promise<void> {
  const current = await getTemplateRow(db, userId, id);
  await db.transaction(async (tx) => {
    await tx.delete(templates).where(isOwnResponseTemplate(userId, id));
    await recordActivity(tx, {
      userId,
      action: templateActivity(current.kind, 'delete'),
      details: { templateId: current.id },
      templateName: current.name,
      userAgent,
    });
  });
}

/** The names of the user's templates among `ids`, by id. */
export async function templateNamesById(
  db: Database,
  userId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(and(eq(templates.userId, userId), inArray(templates.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Counts one use (a response generated or created from it). */
export async function markTemplateUsed(
  db: Database,
  userId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({ usageCount: sql`${templates.usageCount} + 1`, lastUsedAt: new Date() })
    .where(isOwnResponseTemplate(userId, id))
    .returning();
  return row;
}

/** The user copied a template's text: one use counted and logged, in one write. */
export async function copyTemplate(
  db: Database,
  userId: string,
  id: string,
  userAgent: string | null | undefined = null,
): Promise<Template> {
  return db.transaction(async (tx) => {
    const row = await markTemplateUsed(tx, userId, id);
    if (!row) throw new HttpError(404, 'not_found', 'Template not found');
    const template = toTemplate(row);
    await recordActivity(tx, {
      userId,
      action: templateActivity(template.kind, 'use'),
      details: { templateId: template.id, via: 'copy' },
      templateName: template.name,
      userAgent,
    });
    return template;
  });
}

/**
 * Response templates for a drafter to choose from: the default first, then the most used. A
 * template saved before unknown variables were refused is left out, so none reaches a draft.
 */
export async function listTemplatesForDrafting(
  db: Database,
  userId: string,
): Promise<AgentTemplate[]> {
  const rows = await db
    .select()
    .from(templates)
    .where(and(eq(templates.userId, userId), eq(templates.kind, 'response')))
    .orderBy(desc(templates.isDefault), desc(templates.usageCount))
    .limit(20);
  return rows
    .filter((r) => unknownTemplateVariables(r.body).length === 0)
    .map((r) => ({ id: r.id, name: r.name, body: r.body, isDefault: r.isDefault }));
}

const SAMPLE_JOB: AgentJob = {
  id: null,
  title: 'Sample job: React dashboard for a logistics startup',
  description: 'We need a React developer to build an analytics dashboard for our delivery data.',
  url: null,
  skills: ['React', 'TypeScript'],
  budget: '$3,000',
  screeningQuestions: ['Have you built a dashboard like this before?'],
  clientName: null,
  clientFacts: {},
  promptTraps: [],
  clientAsks: [],
};

/** The body filled for a real job of the user (or a sample job), with unknown variables listed. */
export async function previewTemplate(
  db: Database,
  user: { id: string; name: string | null },
  input: { body: string; jobId?: string | undefined },
): Promise<TemplatePreview> {
  const { job, profile, portfolio } = await loadFillView(db, user, input.jobId, SAMPLE_JOB);
  const values = templateValues(job, profile, portfolio);
  return {
    text: renderTemplate(input.body, values).replace(/\n{3,}/g, '\n\n'),
    unknownVariables: unknownTemplateVariables(input.body),
    values,
    jobTitle: input.jobId ? job.title : null,
  };
}
