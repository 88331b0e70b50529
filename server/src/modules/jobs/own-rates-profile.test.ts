import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OWN_RATES_MIN_SENDS } from '#contract/response-analytics';

import { addResponse, addUser } from '../../../../tests/support/response-history.ts';
import { openTestDatabase } from '#test-support/test-database';
import type { DatabaseHandle } from '../../db/client.ts';
import { scoreKeyFor, scoringProfileFor } from './service.ts';

/**
 * The scoring profile carries the user's own hire rates once they have enough sends with a fit
 * score, and the score key moves when a rate moves by a whole percent, not on every send.
 */
let handle: DatabaseHandle;
let userId: string;
let sentSoFar = 0;

async function send(fitScore: number, hired: boolean) {
  sentSoFar += 1;
  await addResponse(handle.db, userId, {
    sentAt: new Date(Date.UTC(2025, 0, 1) + sentSoFar * 3_600_000),
    fitScore,
    history: hired ? ['replied', 'hired'] : ['viewed'],
  });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  userId = await addUser(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe('scoringProfileFor with own hire rates', () => {
  it('leaves them out below the minimum, then carries them', async () => {
    for (let index = 0; index < OWN_RATES_MIN_SENDS - 1; index += 1)
      await send(90, index % 2 === 0);
    const before = await scoringProfileFor(handle.db, userId);
    expect(before.ownRates).toBeNull();
    const keyBefore = scoreKeyFor(before);
    expect(keyBefore).toBe(scoreKeyFor({ ...before, ownRates: null }));

    await send(90, false);
    const after = await scoringProfileFor(handle.db, userId);
    const hiredSoFar = Math.ceil((OWN_RATES_MIN_SENDS - 1) / 2);
    expect(after.ownRates).toMatchObject({
      scoredSends: OWN_RATES_MIN_SENDS,
      hireRateByBucket: { '80-100': { sent: OWN_RATES_MIN_SENDS, hired: hiredSoFar } },
    });
    expect(scoreKeyFor(after)).not.toBe(keyBefore);
  });

  it('keeps the score key while the rates round to the same percents', async () => {
    // Bring the bucket to exactly 40 sends and 20 hires (50%), then two more with one hire (50%).
    const profile = await scoringProfileFor(handle.db, userId);
    const bucket = profile.ownRates!.hireRateByBucket['80-100']!;
    for (let index = bucket.sent; index < 40; index += 1)
      await send(90, bucket.hired + (index - bucket.sent) < 20);
    const atFifty = await scoringProfileFor(handle.db, userId);
    expect(atFifty.ownRates!.hireRateByBucket['80-100']).toEqual({ sent: 40, hired: 20 });
    await send(90, true);
    await send(90, false);
    const stillFifty = await scoringProfileFor(handle.db, userId);
    expect(scoreKeyFor(stillFifty)).toBe(scoreKeyFor(atFifty));
    await send(90, false);
    await send(90, false);
    const lower = await scoringProfileFor(handle.db, userId);
    // 21 of 44 is 48%: the rate moved, so scores are redone.
    expect(scoreKeyFor(lower)).not.toBe(scoreKeyFor(atFifty));
  });
});
