import { useEffect, useRef } from 'react';

import type { JobFilters } from '@/contract/jobs';
import type { UpworkConnection } from '@/contract/upwork';

/** Upwork jobs are fetched again when the last sync is older than this (and the page opens). */
const AUTO_SYNC_AFTER_MS = 15 * 60_000;

/** Once per visit, refreshes the feed from Upwork when the connection's last sync is stale. */
export function useUpworkAutoSync(
  connection: UpworkConnection | undefined,
  filters: JobFilters,
  sync: (filters: JobFilters) => unknown,
) {
  const connected = connection?.status === 'connected';
  const lastSyncAt = connection?.lastSyncAt;
  const autoSynced = useRef(false);
  useEffect(() => {
    if (!connected || autoSynced.current) return;
    const last = lastSyncAt ? Date.parse(lastSyncAt) : 0;
    if (Date.now() - last > AUTO_SYNC_AFTER_MS) {
      autoSynced.current = true;
      void sync(filters);
    }
  }, [connected, lastSyncAt, filters, sync]);
}
