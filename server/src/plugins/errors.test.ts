import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import errorsPlugin, { loggableError } from './errors.ts';

/** A failed query is logged with its type, code and stack, never with its parameters. */
const SECRET = 'param-value-that-must-not-be-logged';
let database: DatabaseHandle;
let app: FastifyInstance;
const logLines: string[] = [];

async function failedQuery(): Promise<Error> {
  try {
    await database.db.execute(sql`select ${SECRET}::uuid as id`);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the query was expected to fail');
}

beforeAll(async () => {
  database = await openDatabase({ engine: 'pglite' });
  app = Fastify({ logger: { level: 'info', stream: { write: (line) => logLines.push(line) } } });
  await app.register(errorsPlugin);
  app.get('/boom', async () => {
    throw await failedQuery();
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('error logging', () => {
  it('the database error really carries the parameter (the case being guarded)', async () => {
    const error = await failedQuery();
    expect(`${error.message}\n${error.stack}`).toContain(SECRET);
  });

  it('answers a generic 500 and logs the failure without the query parameters', async () => {
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(SECRET);
    const line = logLines.find((entry) => entry.includes('request failed'));
    expect(line).toBeDefined();
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('params:');
    const logged = JSON.parse(line!) as { err: Record<string, unknown> };
    expect(logged.err.message).toMatch(/^Failed query: select \$1::uuid as id$/);
    expect(logged.err.stack).toMatch(/^Error: Failed query: select \$1::uuid as id\n\s+at /);
    // The database's own code says what went wrong (22P02: invalid text representation).
    expect(logged.err.cause).toMatchObject({ code: '22P02' });
  });

  it('keeps ordinary errors as they are, with their code and stack', () => {
    const error = Object.assign(new TypeError('bad thing'), { code: 'E_BAD', extra: SECRET });
    const logged = loggableError(error);
    expect(logged).toMatchObject({ type: 'TypeError', code: 'E_BAD', message: 'bad thing' });
    expect(logged.stack).toContain('TypeError: bad thing');
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });
});
