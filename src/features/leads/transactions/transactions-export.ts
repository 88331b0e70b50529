import { useExportTransactionsCsvMutation, type TransactionFilters } from './transactions.api';

/**
 * Downloads every transaction the filters select as CSV (the request carries the bearer token,
 * so it goes through the API slice and the text becomes a file here). Resolves to false on failure.
 */
export function useTransactionsExport() {
  const [exportCsv, state] = useExportTransactionsCsvMutation();

  const download = async (filters: TransactionFilters): Promise<boolean> => {
    const result = await exportCsv(filters);
    if ('error' in result || typeof result.data !== 'string') return false;
    const url = URL.createObjectURL(new Blob([result.data], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `transactions-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(url);
    return true;
  };

  return { download, exporting: state.isLoading };
}
