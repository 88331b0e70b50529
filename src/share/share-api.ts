import type { PublicQuote, PublicTotals } from '@/contract/quote-share';

/**
 * The share page's calls to the API. Only types come from the contract (no zod in this bundle);
 * the API validates every body it takes.
 */

export class ShareApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ShareApiError';
  }
}

/** The request never got an answer (offline, DNS, CORS, server down). */
export class ShareNetworkError extends Error {
  constructor() {
    super('The quote could not be loaded. Check your connection and try again.');
    this.name = 'ShareNetworkError';
  }
}

export type ShareApi = ReturnType<typeof createShareApi>;

export function createShareApi(apiBase: string, token: string) {
  const base = `${apiBase}/api/public/quotes/${encodeURIComponent(token)}`;

  async function call<T>(path: string, method: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
    } catch {
      throw new ShareNetworkError();
    }
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
      throw new ShareApiError(
        response.status,
        error?.code ?? 'error',
        error?.message ?? `The server answered ${response.status}.`,
      );
    }
    return json as T;
  }

  return {
    load: () => call<PublicQuote>('', 'GET'),
    recordView: () => call<{ viewId: string }>('/views', 'POST', {}),
    /** Sent while the page goes away: a text/plain string needs no CORS preflight. */
    sendDuration(viewId: string, seconds: number): void {
      const url = `${base}/views/${encodeURIComponent(viewId)}`;
      const payload = JSON.stringify({ seconds });
      if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, payload)) return;
      void fetch(url, {
        method: 'POST',
        body: payload,
        keepalive: true,
        credentials: 'omit',
      }).catch(() => undefined);
    },
    select: (selectedLineIds: string[]) =>
      call<{ selectedLineIds: string[]; totals: PublicTotals }>('/selection', 'PUT', {
        selectedLineIds,
      }),
    accept: (name: string, selectedLineIds: string[]) =>
      call<PublicQuote>('/accept', 'POST', { name, selectedLineIds }),
    decline: (reason: string) => call<PublicQuote>('/decline', 'POST', { reason }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
