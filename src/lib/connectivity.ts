import { useSyncExternalStore } from 'react';

/**
 * Whether the API can be reached, judged from what the app itself observes rather than from
 * `navigator.onLine` alone (which stays true on a network without internet, and which some browsers
 * report as online after an offline reload):
 *
 * - an answer the service worker served from its offline copy (marked with OFFLINE_COPY_HEADER)
 *   means the API was not reached;
 * - a request that failed at the network level (no HTTP answer at all) means the same;
 * - the browser's own `offline` event counts as one more signal.
 *
 * Any real answer from the API, whatever its status, clears all three: the API was reached.
 */

/** Set by the service worker on an answer it served from its copy because the network failed. */
export const OFFLINE_COPY_HEADER = 'x-bidwright-offline';

type ApiObservation = 'none' | 'reached' | 'served-from-copy' | 'failed';

let lastApiObservation: ApiObservation = 'none';
let browserSaysOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function observe(next: ApiObservation): void {
  const before = isApiUnreachable();
  lastApiObservation = next;
  if (next === 'reached') browserSaysOffline = false;
  if (before !== isApiUnreachable()) notify();
}

/** True while the app has reason to believe the API cannot be reached. */
export function isApiUnreachable(): boolean {
  return (
    browserSaysOffline ||
    lastApiObservation === 'served-from-copy' ||
    lastApiObservation === 'failed'
  );
}

/** Records an HTTP answer to an API request (from the network or from the offline copy). */
export function reportApiAnswer(response: Pick<Response, 'headers'>): void {
  observe(response.headers.get(OFFLINE_COPY_HEADER) === '1' ? 'served-from-copy' : 'reached');
}

/** Records an API request that got no HTTP answer. A request the app aborted itself says nothing. */
export function reportApiFailure(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  observe('failed');
}

/** `fetch` for API requests: the same call, with its outcome recorded. */
export async function observedFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  try {
    const response = await fetch(input, init);
    reportApiAnswer(response);
    return response;
  } catch (error) {
    reportApiFailure(error);
    throw error;
  }
}

function onBrowserOffline(): void {
  const before = isApiUnreachable();
  browserSaysOffline = true;
  if (before !== isApiUnreachable()) notify();
}

function onBrowserOnline(): void {
  // The browser's word lifts only its own signal; a failed or copied answer stays until the API
  // answers again.
  const before = isApiUnreachable();
  browserSaysOffline = false;
  if (before !== isApiUnreachable()) notify();
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', onBrowserOffline);
  window.addEventListener('online', onBrowserOnline);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The API's reachability as React state: true while the app believes it is offline. */
export function useApiUnreachable(): boolean {
  return useSyncExternalStore(subscribe, isApiUnreachable, () => false);
}

/** Forgets every observation (tests start from a clean slate). */
export function resetConnectivity(): void {
  lastApiObservation = 'none';
  browserSaysOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  notify();
}
