import type { ListResponsesQuery } from '@/contract/responses';

import { useExportResponsesMutation } from './responses.api';

/**
 * Downloads the responses as CSV: the chosen ones if any, else all that match the list's
 * filters. Resolves to false when the export failed.
 */
export function useResponsesExport() {
  const [exportCsv, exportState] = useExportResponsesMutation();

  const download = async (query: ListResponsesQuery, selected: Set<string>): Promise<boolean> => {
    const filters: Record<string, string> = {};
    for (const key of ['status', 'variant', 'q', 'sort', 'order'] as const) {
      const value = query[key];
      if (value) filters[key] = String(value);
    }
    if (selected.size > 0) filters.ids = [...selected].join(',');
    const result = await exportCsv(filters);
    if ('error' in result || typeof result.data !== 'string') return false;
    const url = URL.createObjectURL(new Blob([result.data], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `responses-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(url);
    return true;
  };

  return { download, exporting: exportState.isLoading };
}
