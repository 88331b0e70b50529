import { randomUUID } from 'node:crypto';

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { idempotencyKeys, leads, responses } from '../db/schema/index.ts';
import { insertJob, parseEvents } from '../modules/responses/test-helpers.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';

/** POST with `Idempotency-Key`: one row per key, the first answer replayed, bad keys refused. */
let h: Harness;
let ada: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  ada = await h.signIn({ modules: ['response'] });
  bea = await h.signIn();
});
afterAll(async () => {
  await h.close();
});

const createLead = (who: SignedIn, key: string | undefined, payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

async function leadsNamed(who: SignedIn, contactName: string): Promise<number> {
  const rows = await h.database.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.userId, who.user.id), eq(leads.contactName, contactName)));
  return rows.length;
}

describe('Idempotency-Key on a create', () => {
  it('makes one row for a retried POST and answers the retry with the first answer', async () => {
    const key = randomUUID();
    const body = { contactName: 'Retry Rivera', email: 'retry@example.com' };
    const first = await createLead(ada, key, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await createLead(ada, key, body);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.json()).toEqual(first.json());
    expect(await leadsNamed(ada, 'Retry Rivera')).toBe(1);
  });

  it('runs copies sent at the same moment once, and every copy gets the same lead', async () => {
    const key = randomUUID();
    const body = { contactName: 'Burst Baker' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => createLead(ada, key, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((answer) => (answer.json() as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed']).length).toBe(7);
    expect(await leadsNamed(ada, 'Burst Baker')).toBe(1);
  });

  it('refuses the same key with another body (422) and creates nothing for it', async () => {
    const key = randomUUID();
    expect((await createLead(ada, key, { contactName: 'Key Owner' })).statusCode).toBe(201);
    const other = await createLead(ada, key, { contactName: 'Key Thief' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(await leadsNamed(ada, 'Key Thief')).toBe(0);
  });

  it('keeps keys per user: the same key from two users makes two leads', async () => {
    const key = randomUUID();
    const body = { contactName: 'Shared Key' };
    expect((await createLead(ada, key, body)).statusCode).toBe(201);
    const fromBea = await createLead(bea, key, body);
    expect(fromBea.statusCode).toBe(201);
    expect(fromBea.headers['idempotent-replayed']).toBeUndefined();
    expect(await leadsNamed(ada, 'Shared Key')).toBe(1);
    expect(await leadsNamed(bea, 'Shared Key')).toBe(1);
  });

  it('gives the key back after a failed request, so the corrected retry creates the lead', async () => {
    const key = randomUUID();
    const invalid = await createLead(ada, key, { contactName: '' });
    expect(invalid.statusCode).toBe(400);
    const fixed = await createLead(ada, key, { contactName: 'Second Try' });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await leadsNamed(ada, 'Second Try')).toBe(1);
  });

  it('refuses a malformed key with 400 before doing anything', async () => {
    for (const key of ['', ' ', 'has space', 'x'.repeat(256), 'café']) {
      const answer = await createLead(ada, key, { contactName: 'Bad Key' });
      expect(answer.statusCode, JSON.stringify(key)).toBe(400);
      expect(answer.json()).toMatchObject({ error: { code: 'idempotency_key_invalid' } });
    }
    expect(await leadsNamed(ada, 'Bad Key')).toBe(0);
  });

  it('leaves a POST without a key as it was: each one creates a row', async () => {
    await createLead(ada, undefined, { contactName: 'No Key' });
    await createLead(ada, undefined, { contactName: 'No Key' });
    expect(await leadsNamed(ada, 'No Key')).toBe(2);
  });

  it('drops keys older than a day, and keeps younger ones', async () => {
    const oldKey = randomUUID();
    const youngKey = randomUUID();
    await createLead(ada, oldKey, { contactName: 'Old Key' });
    await createLead(ada, youngKey, { contactName: 'Young Key' });
    await h.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, oldKey));
    await purgeIdempotencyKeys(h.database.db);
    const left = await h.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, ada.user.id));
    const keys = left.map((row) => row.key);
    expect(keys).toContain(youngKey);
    expect(keys).not.toContain(oldKey);
  });
});

describe('Idempotency-Key on a streamed create (claim)', () => {
  it('writes one draft; a retry is told the request already ran', async () => {
    const job = await insertJob(h.database.db, ada.user.id, {
      title: 'Claimed generation',
      description: 'Build a React dashboard with TypeScript and charts.',
      skills: ['React'],
    });
    const key = randomUUID();
    const generate = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/responses/generate',
        headers: { ...ada.headers, 'idempotency-key': key },
        payload: { jobId: job.id },
      });
    const draftsOfJob = async () =>
      (
        await h.database.db
          .select({ id: responses.id })
          .from(responses)
          .where(eq(responses.jobId, job.id))
      ).length;

    const first = await generate();
    expect(first.statusCode, first.body).toBe(200);
    expect(parseEvents(first.body).some((event) => event.type === 'done')).toBe(true);
    expect(await draftsOfJob()).toBe(1);

    // The stream has ended for the client a moment before the key is marked done: a retry in
    // that moment hears "still running", and after it "already ran". Neither writes a draft.
    const again = await generate();
    expect(again.statusCode).toBe(409);
    await expect
      .poll(async () => ((await generate()).json() as { error: { code: string } }).error.code)
      .toBe('idempotency_key_used');
    expect(await draftsOfJob()).toBe(1);
  });
});
