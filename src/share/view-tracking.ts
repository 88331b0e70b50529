import type { ShareApi } from './share-api';

/**
 * Records one view when the page opens, then reports the time spent on it whenever the page is
 * hidden or closed (the server keeps the largest value it was sent).
 */
export function trackView(api: ShareApi, now: () => number = () => Date.now()): void {
  const openedAt = now();
  let viewId: string | null = null;
  api
    .recordView()
    .then((view) => {
      viewId = view.viewId;
    })
    .catch(() => undefined);

  const report = () => {
    if (!viewId) return;
    api.sendDuration(viewId, Math.min(86_400, Math.round((now() - openedAt) / 1000)));
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') report();
  });
  window.addEventListener('pagehide', report);
}
