import { LEAD_CSV_COLUMNS, LEAD_STAGE_LABELS, type Lead, type LeadSource } from '#contract/leads';
import { minorToMajorString } from '#contract/quote-totals';

import { toCsv } from '../../csv.ts';
import type { Database } from '../../db/client.ts';
import { recordActivity } from '../activities/service.ts';
import { listLeads, type LeadListQuery } from './list.ts';

/**
 * CSV export of the filtered lead list: the import's columns plus created_at, so an exported file
 * imports back (its leads then count as duplicates). Stages and sources read as words, values in
 * major units of their currency; formula-like cells are escaped by toCsv.
 */

/** The most leads one file holds. */
export const LEAD_EXPORT_MAX = 20_000;

export const LEAD_EXPORT_COLUMNS = [...LEAD_CSV_COLUMNS, 'created_at'] as const;

const SOURCE_LABELS: Record<LeadSource, string> = {
  upwork: 'Upwork',
  referral: 'Referral',
  direct: 'Direct',
  other: 'Other',
};

export type LeadExportQuery = Omit<LeadListQuery, 'limit' | 'cursor'>;

function toCsvRow(lead: Lead): Record<(typeof LEAD_EXPORT_COLUMNS)[number], string | number> {
  return {
    contact_name: lead.contactName,
    company: lead.company,
    email: lead.email,
    upwork_client_id: lead.upworkClientId ?? '',
    source: SOURCE_LABELS[lead.source],
    stage: LEAD_STAGE_LABELS[lead.stage],
    value: minorToMajorString(lead.valueMinor, lead.currency),
    currency: lead.currency,
    probability: lead.probability,
    next_action: lead.nextAction,
    next_action_due: lead.nextActionDue ?? '',
    tags: lead.tags.join('; '),
    created_at: lead.createdAt,
  };
}

/** The user's leads matching the list's filters, as CSV; logged as export_lead. */
export async function exportLeadsCsv(
  db: Database,
  userId: string,
  query: LeadExportQuery,
  meta: { userAgent?: string | undefined },
): Promise<{ csv: string; count: number }> {
  const { items } = await listLeads(db, userId, { ...query, limit: LEAD_EXPORT_MAX });
  const csv = toCsv(items.map(toCsvRow), [...LEAD_EXPORT_COLUMNS]);
  await recordActivity(db, {
    userId,
    action: 'export_lead',
    details: {
      format: 'csv',
      count: items.length,
      ...(query.q ? { q: query.q } : {}),
      ...(query.stage ? { stage: query.stage } : {}),
      ...(query.source ? { source: query.source } : {}),
      ...(query.tag ? { tag: query.tag } : {}),
      ...(query.due === 'true' ? { due: true } : {}),
    },
    userAgent: meta.userAgent,
  });
  return { csv, count: items.length };
}
