import { randomUUID } from 'node:crypto';

/**
 * Writers that create leads through the API as a careful client does: each lead gets one
 * Idempotency-Key, and a request that fails for want of a server (refused, reset, 5xx) is sent
 * again with the same key until the server answers. A lead counts as acknowledged once a 201
 * arrived for it; the check afterwards looks for every acknowledged lead exactly once.
 */
export type WriterStats = {
  /** Contact names of leads whose create was answered 201. */
  acknowledged: string[];
  /** Requests that got no answer or a 5xx and were sent again. */
  retries: number;
  /** Answers other than 201 / 5xx / no answer: these are bugs. */
  unexpected: string[];
  /** 500 answers seen (a 503 is expected while the database is away; 500 is not). */
  internalErrors: number;
  /** 503 answers, and those of them without a Retry-After header. */
  unavailable: number;
  unavailableWithoutRetryAfter: number;
};

export type Writers = { stop: () => Promise<WriterStats> };

const RETRY_PAUSE_MS = 100;

export function startWriters(options: {
  url: () => string;
  headers: Record<string, string>;
  count: number;
  prefix: string;
}): Writers {
  const stats: WriterStats = {
    acknowledged: [],
    retries: 0,
    unexpected: [],
    internalErrors: 0,
    unavailable: 0,
    unavailableWithoutRetryAfter: 0,
  };
  let stopping = false;

  const createOne = async (contactName: string) => {
    const key = randomUUID();
    for (;;) {
      try {
        const answer = await fetch(`${options.url()}/api/leads`, {
          method: 'POST',
          headers: {
            ...options.headers,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body: JSON.stringify({ contactName }),
          signal: AbortSignal.timeout(15_000),
        });
        await answer.arrayBuffer();
        if (answer.status === 201) {
          stats.acknowledged.push(contactName);
          return;
        }
        if (answer.status === 500) stats.internalErrors += 1;
        if (answer.status === 503) {
          stats.unavailable += 1;
          if (!answer.headers.get('retry-after')) stats.unavailableWithoutRetryAfter += 1;
        }
        if (answer.status < 500 && answer.status !== 409) {
          stats.unexpected.push(`${answer.status} for ${contactName}`);
          return;
        }
      } catch {
        // No answer: the server is down or restarting. The same key goes again.
      }
      stats.retries += 1;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  };

  const loops = Array.from({ length: options.count }, async (_, writer) => {
    for (let n = 0; !stopping; n += 1) await createOne(`${options.prefix}-w${writer}-${n}`);
  });

  return {
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      return stats;
    },
  };
}
