import { useState } from 'react';

import type { LeadSort } from './leads-query';

/** The table's optional columns; the contact column is always there. */
export const LEAD_TABLE_COLUMNS = [
  { key: 'company', label: 'Company', sort: null },
  { key: 'stage', label: 'Stage', sort: 'stage' },
  { key: 'source', label: 'Source', sort: null },
  { key: 'value', label: 'Value', sort: 'value' },
  { key: 'probability', label: 'Probability', sort: null },
  { key: 'nextAction', label: 'Next action', sort: null },
  { key: 'due', label: 'Due', sort: 'due' },
  { key: 'tags', label: 'Tags', sort: null },
  { key: 'updated', label: 'Updated', sort: 'updated' },
  { key: 'created', label: 'Created', sort: 'created' },
] as const satisfies ReadonlyArray<{ key: string; label: string; sort: LeadSort | null }>;

export type LeadColumnKey = (typeof LEAD_TABLE_COLUMNS)[number]['key'];

/** Where the choice of columns is remembered in this browser. */
export const LEAD_COLUMNS_STORAGE_KEY = 'bidwright.leads.columns';

export const DEFAULT_LEAD_COLUMNS: readonly LeadColumnKey[] = [
  'company',
  'stage',
  'value',
  'nextAction',
  'due',
  'updated',
];

const isColumnKey = (value: unknown): value is LeadColumnKey =>
  LEAD_TABLE_COLUMNS.some((column) => column.key === value);

/** The remembered choice, or the defaults when there is none or it cannot be read. */
export function readColumnChoice(storage: Pick<Storage, 'getItem'> | undefined): LeadColumnKey[] {
  try {
    const raw = storage?.getItem(LEAD_COLUMNS_STORAGE_KEY);
    if (!raw) return [...DEFAULT_LEAD_COLUMNS];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...DEFAULT_LEAD_COLUMNS];
    return LEAD_TABLE_COLUMNS.map((c) => c.key).filter((key) => parsed.some((v) => v === key));
  } catch {
    return [...DEFAULT_LEAD_COLUMNS];
  }
}

const browserStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

/** The shown columns, in the table's order, remembered in localStorage across visits. */
export function useLeadColumnChoice(): {
  columns: LeadColumnKey[];
  toggle: (key: LeadColumnKey) => void;
} {
  const [columns, setColumns] = useState<LeadColumnKey[]>(() => readColumnChoice(browserStorage()));
  const toggle = (key: LeadColumnKey) => {
    if (!isColumnKey(key)) return;
    setColumns((current) => {
      const next = LEAD_TABLE_COLUMNS.map((c) => c.key).filter((k) =>
        k === key ? !current.includes(k) : current.includes(k),
      );
      try {
        browserStorage()?.setItem(LEAD_COLUMNS_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // A full or blocked storage only loses the memory of the choice, not the choice.
      }
      return next;
    });
  };
  return { columns, toggle };
}
