import type { Config } from '../config.ts';
import { HttpError } from '../http-error.ts';
import { AiLimiter, CircuitBreaker } from './limits.ts';

/** A refusal to start AI work, with the seconds after which trying again may succeed. */
export class GenerationRefused extends HttpError {
  constructor(
    statusCode: 429 | 503,
    code: 'rate_limited' | 'service_unavailable',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

/**
 * The caps on AI drafting for one server: a concurrency and per-user rate limit, and a circuit
 * that stops calling a provider that keeps failing. The offline engine costs nothing and is
 * never limited.
 */
export class GenerationLimits {
  private readonly limiter: AiLimiter;
  private readonly circuit = new CircuitBreaker();

  constructor(private readonly ai: Config['ai']) {
    this.limiter = new AiLimiter(ai.maxConcurrent, ai.ratePerMinute);
  }

  /** A slot for one AI run (release it when done); throws GenerationRefused when over a cap. */
  acquire(userId: string, usesModel: boolean): () => void {
    if (!usesModel) return () => {};
    const open = this.circuit.openFor();
    if (open > 0) {
      throw new GenerationRefused(
        503,
        'service_unavailable',
        `The AI provider failed several times in a row; trying again in ${open} s.`,
        open,
      );
    }
    const slot = this.limiter.acquire(userId);
    if (!slot.ok) {
      throw new GenerationRefused(
        429,
        'rate_limited',
        slot.reason === 'rate'
          ? `You can generate ${this.ai.serviceRatePerMinute} drafts a minute. Try again in ${slot.retryAfterSeconds} s.`
          : 'Too many drafts are being written right now. Try again in a few seconds.',
        slot.retryAfterSeconds,
      );
    }
    return slot.release;
  }

  /** Tells the circuit how an AI run ended; offline runs say nothing about the provider. */
  settle(usesModel: boolean, failed: boolean): void {
    if (!usesModel) return;
    if (failed) this.circuit.failure();
    else this.circuit.success();
  }
}
