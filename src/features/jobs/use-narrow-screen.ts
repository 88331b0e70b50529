import { useSyncExternalStore } from 'react';

/** Below the width where the job list and its details fit side by side (Tailwind's lg). */
const NARROW_QUERY = '(max-width: 1023.98px)';

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

/** True on phones and small tablets, where the job details open as a full-screen sheet. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => narrowQuery()?.matches ?? false,
    () => false,
  );
}
