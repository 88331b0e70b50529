import type { ExportResponsesParams } from '#contract/responses';

import { toCsv } from '../../csv.ts';
import type { Database } from '../../db/client.ts';
import { recordActivity } from '../activities/service.ts';
import * as repo from './repo.ts';
import { withTemplateNames, type RequestMeta } from './service.ts';

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

/** The filtered (or chosen) responses as CSV, newest first by default; the export is logged. */
export async function exportResponses(
  db: Database,
  userId: string,
  query: ExportResponsesParams,
  meta: RequestMeta,
): Promise<{ csv: string; count: number }> {
  const ids = query.ids
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => /^[0-9a-f-]{36}$/i.test(s));
  const { rows: stored } = await repo.listResponseRows(
    db,
    userId,
    { ...query, limit: 10_000, sort: query.sort ?? 'createdAt', order: query.order ?? 'desc' },
    0,
    ids && ids.length > 0 ? ids : undefined,
  );
  const rows = await withTemplateNames(db, userId, stored);
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
  await recordActivity(db, {
    userId,
    action: 'export_response',
    details: {
      count: rows.length,
      format: 'csv',
      filters: { ...query, ids: query.ids ? 'selection' : undefined },
    },
    userAgent: meta.userAgent,
  });
  return { csv, count: rows.length };
}
