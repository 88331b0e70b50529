/**
 * Spaces requests so one API instance stays under Upwork's per-IP limit (about 10 requests a
 * second; docs/upwork.md). Callers await `take()`; it resolves when their turn comes. A 429 with
 * Retry-After pauses everyone (`pauseFor`), since the limit is per IP, not per user.
 */
export class RateLimiter {
  private nextSlot = 0;
  private pausedUntil = 0;

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = () => Date.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async take(): Promise<void> {
    const interval = 1000 / this.perSecond;
    const now = this.clock();
    const slot = Math.max(now, this.nextSlot, this.pausedUntil);
    this.nextSlot = slot + interval;
    const wait = slot - now;
    if (wait > 0) await this.sleep(wait);
  }

  /** How long a new request would wait for a pause (not counting spacing), in ms. */
  pausedFor(): number {
    return Math.max(0, this.pausedUntil - this.clock());
  }

  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock() + ms);
  }

  /** Ends a pause early (an operator or a test knows the limit has passed). */
  clearPause(): void {
    this.pausedUntil = 0;
  }
}
