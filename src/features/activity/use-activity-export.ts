import { apiErrorMessage } from '@/lib/api-error-message';

import { useExportActivitiesMutation } from './activity.api';
import type { ActivityFilters } from './activity-filters';

/**
 * Downloads what the filters select as a CSV file. Resolves to an error sentence, or null when
 * the file was handed to the browser.
 */
export function useActivityExport() {
  const [exportCsv, state] = useExportActivitiesMutation();

  const download = async (filters: ActivityFilters): Promise<string | null> => {
    const result = await exportCsv(filters);
    if ('error' in result || typeof result.data !== 'string') {
      return apiErrorMessage(
        'error' in result ? result.error : null,
        'The export failed. Check your connection and try again.',
      );
    }
    const url = URL.createObjectURL(new Blob([result.data], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has started the download by now; the object URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    return null;
  };

  return { download, exporting: state.isLoading };
}
