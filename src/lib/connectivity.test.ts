import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  isApiUnreachable,
  observedFetch,
  OFFLINE_COPY_HEADER,
  reportApiAnswer,
  reportApiFailure,
  resetConnectivity,
} from './connectivity';

const live = () => new Response('{}', { headers: { 'content-type': 'application/json' } });
const fromCopy = () =>
  new Response('{}', {
    headers: { 'content-type': 'application/json', [OFFLINE_COPY_HEADER]: '1' },
  });

describe('connectivity', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetConnectivity();
  });

  it('counts an answer served from the offline copy as offline, and a live answer as back', () => {
    expect(isApiUnreachable()).toBe(false);
    reportApiAnswer(fromCopy());
    expect(isApiUnreachable()).toBe(true);
    reportApiAnswer(live());
    expect(isApiUnreachable()).toBe(false);
  });

  it('counts a request with no HTTP answer as offline, but not one the app aborted', () => {
    reportApiFailure(new DOMException('The user aborted a request.', 'AbortError'));
    expect(isApiUnreachable()).toBe(false);
    reportApiFailure(new TypeError('Failed to fetch'));
    expect(isApiUnreachable()).toBe(true);
  });

  it('takes any HTTP status as proof that the API was reached', () => {
    reportApiFailure(new TypeError('Failed to fetch'));
    reportApiAnswer(new Response('{}', { status: 503 }));
    expect(isApiUnreachable()).toBe(false);
  });

  it("listens to the browser's offline event, which a later online event alone does not override for failed requests", () => {
    window.dispatchEvent(new Event('offline'));
    expect(isApiUnreachable()).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(isApiUnreachable()).toBe(false);

    reportApiFailure(new TypeError('Failed to fetch'));
    window.dispatchEvent(new Event('online'));
    expect(isApiUnreachable()).toBe(true);
    reportApiAnswer(live());
    expect(isApiUnreachable()).toBe(false);
  });

  it('observedFetch records what fetch gave, and passes the answer or the error on', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);

    fetchMock.mockResolvedValueOnce(fromCopy());
    const copy = await observedFetch('/api/users');
    expect(copy.headers.get(OFFLINE_COPY_HEADER)).toBe('1');
    expect(isApiUnreachable()).toBe(true);

    fetchMock.mockResolvedValueOnce(live());
    await observedFetch('/api/users');
    expect(isApiUnreachable()).toBe(false);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(observedFetch('/api/users')).rejects.toThrow('Failed to fetch');
    expect(isApiUnreachable()).toBe(true);
  });
});
