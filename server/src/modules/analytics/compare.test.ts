import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ResponseStatus, Variant } from '#contract/responses';

import { addResponse, addTemplate, addUser } from '../../../../tests/support/response-history.ts';
import { openTestDatabase } from '#test-support/test-database';
import type { DatabaseHandle } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';
import { compareResponses } from './compare.ts';
import { resolveRange } from './range.ts';

/**
 * Variants and templates compared over the period's sends. Counts are the ones inserted here;
 * the interval arithmetic itself is checked against published values in ab-test.test.ts.
 */
let handle: DatabaseHandle;
let owner: string;
let stranger: string;
const templateIds: Record<string, string> = {};
const range = resolveRange({
  from: '2025-01-01T00:00:00.000Z',
  to: '2025-04-01T00:00:00.000Z',
  tz: 'UTC',
});

/** [template, variant, sends, of which replied (one of those later declined)] */
const ARMS: Array<[string, Variant, number, number]> = [
  ['Short and warm', 'A', 40, 6],
  ['Case study first', 'B', 50, 12],
];

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  owner = await addUser(db);
  stranger = await addUser(db);
  for (const [name, variant, sends, replied] of ARMS) {
    templateIds[name] = await addTemplate(db, owner, name);
    for (let index = 0; index < sends; index += 1) {
      const history: ResponseStatus[] =
        index === 0
          ? ['replied', 'declined']
          : index < replied
            ? ['viewed', 'replied']
            : ['viewed'];
      await addResponse(db, owner, {
        sentAt: new Date(Date.UTC(2025, 0, 2) + index * 3_600_000),
        templateId: templateIds[name],
        variant,
        history,
      });
    }
  }
  // Outside the period: not counted.
  await addResponse(db, owner, {
    sentAt: new Date('2025-04-02T00:00:00Z'),
    templateId: templateIds['Short and warm'],
    history: ['replied'],
  });
  templateIds.strangers = await addTemplate(db, stranger, 'Not yours');
});

afterAll(async () => {
  await handle?.close();
});

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('compareResponses', () => {
  it('compares variant A with variant B over the period', async () => {
    const result = await compareResponses(handle.db, owner, range, 'variant', 'A', 'B');
    const [[, , sentA, repliedA], [, , sentB, repliedB]] = ARMS as [
      (typeof ARMS)[number],
      (typeof ARMS)[number],
    ];
    expect(result.a).toMatchObject({
      key: 'A',
      label: 'Variant A',
      sent: sentA,
      replied: repliedA,
    });
    expect(result.b).toMatchObject({
      key: 'B',
      label: 'Variant B',
      sent: sentB,
      replied: repliedB,
    });
    expect(result.difference).toBeCloseTo(repliedB / sentB - repliedA / sentA, 10);
    expect(result.a.low!).toBeLessThan(result.a.replyRate!);
    expect(result.a.high!).toBeGreaterThan(result.a.replyRate!);
    expect(result.method).toBe('newcombe-wilson');
    expect(result.verdict).toBe('b_better');
    expect(result.certain).toBe(false);
    expect(result.sentence).toMatch(
      /^Variant B replies more often \(24% vs 15%\); not yet certain/,
    );
  });

  it('compares two of the user’s templates by name', async () => {
    const result = await compareResponses(
      handle.db,
      owner,
      range,
      'template',
      templateIds['Case study first']!,
      templateIds['Short and warm']!,
    );
    expect(result.a).toMatchObject({ label: 'Case study first', sent: 50, replied: 12 });
    expect(result.b).toMatchObject({ label: 'Short and warm', sent: 40, replied: 6 });
    expect(result.verdict).toBe('a_better');
    expect(result.sentence).toMatch(/^Case study first replies more often \(24% vs 15%\)/);
  });

  it('answers 404 for another user’s template, an unknown one, or no template id at all', async () => {
    for (const id of [templateIds.strangers!, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const error = await rejection(
        compareResponses(handle.db, owner, range, 'template', templateIds['Short and warm']!, id),
      );
      expect(error.statusCode).toBe(404);
      expect(error.message).toBe('Template not found');
    }
  });

  it('answers 400 for a variant other than A or B, or the same one twice', async () => {
    const unknown = await rejection(compareResponses(handle.db, owner, range, 'variant', 'A', 'C'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.message).toContain('A and B');
    const same = await rejection(compareResponses(handle.db, owner, range, 'variant', 'A', 'A'));
    expect(same.statusCode).toBe(400);
  });

  it('tells another user there is too little to compare', async () => {
    const result = await compareResponses(handle.db, stranger, range, 'variant', 'A', 'B');
    expect(result.a.sent).toBe(0);
    expect(result.verdict).toBe('too_few');
    expect(result.difference).toBeNull();
  });
});
