import type { BackendUser } from '#contract/user';

import { toCsv } from '../../csv.ts';

export const USER_EXPORT_CSV_COLUMNS = ['table', 'recordId', 'field', 'value'];

/**
 * One user's export as CSV in long form: one line per field of every record, so records of
 * every table (each with its own columns) fit in one sheet and filter by table or field. The
 * account itself comes first, as table `users`.
 */
export function userExportCsv(user: BackendUser, data: Record<string, unknown[]>): string {
  const lines: Array<Record<string, unknown>> = [];
  const addRecord = (table: string, record: Record<string, unknown>) => {
    const recordId = typeof record.id === 'string' ? record.id : '';
    for (const [field, value] of Object.entries(record)) {
      lines.push({ table, recordId, field, value });
    }
  };
  addRecord('users', user);
  for (const [table, records] of Object.entries(data)) {
    for (const record of records) {
      if (record && typeof record === 'object') addRecord(table, record as Record<string, unknown>);
    }
  }
  return toCsv(lines, USER_EXPORT_CSV_COLUMNS);
}
