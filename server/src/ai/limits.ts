/**
 * In-process guards so AI work never starves the rest of the API: at most N generations at once,
 * M generation requests per user per minute, and a circuit that opens after repeated provider
 * failures so a dead provider fails fast instead of holding connections.
 */
export type Acquired =
  | { ok: true; release: () => void }
  | { ok: false; reason: 'busy' | 'rate'; retryAfterSeconds: number };

export class AiLimiter {
  private active = 0;
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly maxConcurrent: number,
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  acquire(userId: string): Acquired {
    const now = this.now();
    const windowStart = now - 60_000;
    const times = (this.recent.get(userId) ?? []).filter((t) => t > windowStart);
    if (times.length >= this.perMinute) {
      this.recent.set(userId, times);
      return {
        ok: false,
        reason: 'rate',
        retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + 60_000 - now) / 1000)),
      };
    }
    if (this.active >= this.maxConcurrent)
      return { ok: false, reason: 'busy', retryAfterSeconds: 5 };
    times.push(now);
    this.recent.set(userId, times);
    this.active++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.active--;
      },
    };
  }

  get running(): number {
    return this.active;
  }
}

export class CircuitBreaker {
  private failures: number[] = [];
  private openUntil = 0;

  constructor(
    private readonly threshold = 5,
    private readonly windowMs = 60_000,
    private readonly openMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the circuit closes, or 0 when calls may go through. */
  openFor(): number {
    const now = this.now();
    return now < this.openUntil ? Math.ceil((this.openUntil - now) / 1000) : 0;
  }

  success(): void {
    this.failures = [];
  }

  failure(): void {
    const now = this.now();
    this.failures = this.failures.filter((t) => t > now - this.windowMs);
    this.failures.push(now);
    if (this.failures.length >= this.threshold) {
      this.openUntil = now + this.openMs;
      this.failures = [];
    }
  }
}
