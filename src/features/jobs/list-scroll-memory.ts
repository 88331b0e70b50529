/** The job list's scroll position, kept per search for the browser tab's session. */
const SCROLL_KEY = 'bidwright.jobs.scroll';

/** Where the list for this search was left, or the top when it was not kept. */
export function savedScrollTop(listKey: string): number {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null') as {
      key: string;
      top: number;
    } | null;
    return saved?.key === listKey ? saved.top : 0;
  } catch {
    return 0;
  }
}

/** Keeps where the list for this search was scrolled to. */
export function rememberScrollTop(listKey: string, top: number) {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ key: listKey, top }));
  } catch {
    // storage full or blocked: the place is simply not kept
  }
}
