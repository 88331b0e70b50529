import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { RateLimiter } from '../../integrations/upwork/rate-limiter.ts';

/** What every Upwork call needs: the database, the config, the shared limiter, a clock. */
export type UpworkDeps = {
  db: Database;
  config: Config;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  now?: () => Date;
};

const limiters = new WeakMap<Config, RateLimiter>();

/** One limiter per API instance (the limit is per IP): every user's requests share it. */
export function sharedLimiter(config: Config): RateLimiter {
  let limiter = limiters.get(config);
  if (!limiter) {
    limiter = new RateLimiter(config.upwork.requestsPerSecond);
    limiters.set(config, limiter);
  }
  return limiter;
}

export const nowOf = (deps: UpworkDeps) => (deps.now ? deps.now() : new Date());
