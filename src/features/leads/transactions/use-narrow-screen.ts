import { useSyncExternalStore } from 'react';

/** Below Tailwind's sm: a phone, where the ledger shows cards instead of a table. */
const NARROW_QUERY = '(max-width: 639.98px)';

function narrowQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const query = narrowQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True on a phone-sized screen. */
export function useNarrowLedger(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => narrowQuery()?.matches ?? false,
    () => false,
  );
}
