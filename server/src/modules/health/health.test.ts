import Fastify from 'fastify';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness } from '#test-support/server-harness';

import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import errorsPlugin from '../../plugins/errors.ts';

/** Liveness, readiness, load shedding and the 503 for an unreachable database. */
let h: Harness;

beforeAll(async () => {
  // A low threshold so a short stall of the event loop trips it.
  h = await createHarness({ env: { MAX_EVENT_LOOP_DELAY_MS: '100' } });
});
afterAll(async () => {
  await h.close();
});

const stallEventLoop = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy on purpose: nothing else may run meanwhile.
  }
};

describe('health', () => {
  it('answers liveness without the database and readiness with it', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const answer = await h.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json()).toEqual({ status: 'ok' });
    }
  });

  it('sheds requests with 503 and Retry-After while the event loop is stalled; liveness still answers', async () => {
    const me = await h.signIn();
    const seen = new Set<number>();
    let shed: Awaited<ReturnType<typeof h.app.inject>> | undefined;
    for (let attempt = 0; attempt < 5 && !shed; attempt += 1) {
      stallEventLoop(1_500);
      // The sampler reads the stall within its interval; ask until it has.
      for (let probe = 0; probe < 20 && !shed; probe += 1) {
        const answer = await h.app.inject({ url: '/api/leads', headers: me.headers });
        seen.add(answer.statusCode);
        if (answer.statusCode === 503) {
          shed = answer;
          const live = await h.app.inject({ url: '/api/health/live' });
          expect(live.statusCode).toBe(200);
        } else {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }
    expect(shed, `statuses seen: ${[...seen].join(', ')}`).toBeDefined();
    expect(shed!.headers['retry-after']).toBe('5');
    expect(shed!.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    // Once the loop keeps up again, requests are served.
    await expect
      .poll(
        async () => (await h.app.inject({ url: '/api/leads', headers: me.headers })).statusCode,
        {
          timeout: 5_000,
          interval: 100,
        },
      )
      .toBe(200);
  });
});

describe('an unreachable database', () => {
  it('is told apart from a wrong query', async () => {
    // Port 1 on loopback refuses connections: a real driver error, wrapped as the ORM wraps it.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody:nothing@127.0.0.1:1/none' });
    pool.on('error', () => {});
    const unreachable = await drizzle({ client: pool })
      .execute(sql`select 1`)
      .catch((error: unknown) => error);
    await pool.end();
    expect(isDatabaseUnavailable(unreachable)).toBe(true);

    const wrong = await h.database.db
      .execute(sql`select no_such_column from users`)
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(wrong)).toBe(false);
  });

  it('answers 503 with Retry-After in the usual error shape, never 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    const pool = new pg.Pool({ connectionString: 'postgres://nobody:nothing@127.0.0.1:1/none' });
    pool.on('error', () => {});
    const db = drizzle({ client: pool });
    app.get('/rows', async () => db.execute(sql`select 1`));
    const answer = await app.inject({ url: '/rows' });
    await pool.end();
    await app.close();
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The service is unavailable right now. Try again shortly.',
      },
    });
  });
});
