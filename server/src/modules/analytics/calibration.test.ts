import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OWN_RATES_MIN_SENDS } from '#contract/response-analytics';
import type { ResponseStatus } from '#contract/responses';

import { addJob, addResponse, addUser } from '../../../../tests/support/response-history.ts';
import { openTestDatabase } from '#test-support/test-database';
import type { DatabaseHandle } from '../../db/client.ts';
import { calibration, calibrationSummary } from './calibration.ts';
import { fitBucketOf, ownHireRates } from './own-rates.ts';

/**
 * Calibration and own hire rates read every send with a fit score, all time. The expectations
 * are counted here from the sends as they were inserted.
 */
let handle: DatabaseHandle;
let seasoned: string;
let newcomer: string;

type Send = {
  fit: number | null;
  history: ResponseStatus[];
  sentAt: Date;
  model?: number;
  /** The chance after the user's own rates were blended in, when they were. */
  blended?: number;
};
const seasonedSends: Send[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  seasoned = await addUser(db);
  newcomer = await addUser(db);
  const day = (n: number) => new Date(Date.UTC(2023, 0, 1) + n * 86_400_000);
  // High fit: 20 sends over two years, 12 replied (one later declined), 5 hired.
  for (let index = 0; index < 20; index += 1) {
    const history: ResponseStatus[] =
      index < 5
        ? ['viewed', 'replied', 'interview', 'hired']
        : index < 11
          ? ['replied']
          : index === 11
            ? ['replied', 'declined']
            : ['viewed'];
    seasonedSends.push({ fit: 80 + (index % 21), history, sentAt: day(index * 30), model: 0.2 });
  }
  // Low fit: 12 sends, 1 replied. Middle: 3 sends, 2 replied, 1 hired. Unscored: 6 sends.
  for (let index = 0; index < 12; index += 1) {
    seasonedSends.push({
      fit: index * 3,
      history: index === 0 ? ['replied'] : [],
      sentAt: day(index),
    });
  }
  seasonedSends.push({ fit: 40, history: ['replied'], sentAt: day(3), model: 0.3, blended: 0.6 });
  seasonedSends.push({ fit: 59, history: ['replied', 'hired'], sentAt: day(4) });
  seasonedSends.push({ fit: 50, history: ['declined'], sentAt: day(5) });
  for (let index = 0; index < 6; index += 1) {
    seasonedSends.push({ fit: null, history: ['hired'], sentAt: day(index) });
  }
  for (const send of seasonedSends) {
    const jobId =
      send.model === undefined
        ? null
        : await addJob(
            db,
            seasoned,
            send.blended === undefined
              ? { winProbability: send.model }
              : { winProbability: send.blended, modelWinProbability: send.model },
          );
    await addResponse(db, seasoned, {
      sentAt: send.sentAt,
      fitScore: send.fit,
      history: send.history,
      jobId,
    });
  }
  // Drafts and deleted sends never count.
  await addResponse(db, seasoned, { sentAt: null, fitScore: 90 });
  await addResponse(db, seasoned, {
    sentAt: day(1),
    fitScore: 90,
    history: ['hired'],
    deleted: true,
  });
  // The newcomer has 12 scored sends.
  for (let index = 0; index < 12; index += 1) {
    await addResponse(db, newcomer, { sentAt: day(index), fitScore: 70, history: [] });
  }
});

afterAll(async () => {
  await handle?.close();
});

const REPLIED = new Set<ResponseStatus>(['replied', 'interview', 'hired']);

function expectedBuckets() {
  const buckets = new Map<string, { sent: number; replied: number; hired: number }>();
  for (const send of seasonedSends) {
    if (send.fit === null) continue;
    const key =
      send.fit < 40 ? '0-39' : send.fit < 60 ? '40-59' : send.fit < 80 ? '60-79' : '80-100';
    const entry = buckets.get(key) ?? { sent: 0, replied: 0, hired: 0 };
    entry.sent += 1;
    if (send.history.some((status) => REPLIED.has(status))) entry.replied += 1;
    if (send.history.includes('hired')) entry.hired += 1;
    buckets.set(key, entry);
  }
  return buckets;
}

describe('fitBucketOf', () => {
  it.each([
    [0, '0-39'],
    [39, '0-39'],
    [40, '40-59'],
    [79, '60-79'],
    [80, '80-100'],
    [100, '80-100'],
  ])('%i is in %s', (fit, bucket) => {
    expect(fitBucketOf(fit)).toBe(bucket);
  });
});

describe('ownHireRates', () => {
  it('counts every scored send and hire per fit bucket, all time', async () => {
    const rates = await ownHireRates(handle.db, seasoned);
    const expected = expectedBuckets();
    expect(rates.scoredSends).toBe(seasonedSends.filter((send) => send.fit !== null).length);
    for (const [key, entry] of expected) {
      expect(rates.hireRateByBucket[key]).toEqual({ sent: entry.sent, hired: entry.hired });
    }
    expect(rates.hireRateByBucket['60-79']).toEqual({ sent: 0, hired: 0 });
  });

  it('reads only the user’s own sends', async () => {
    const rates = await ownHireRates(handle.db, newcomer);
    expect(rates.scoredSends).toBe(12);
    expect(rates.hireRateByBucket['60-79']).toEqual({ sent: 12, hired: 0 });
  });
});

describe('calibration', () => {
  it('gives reply and hire rates per bucket beside the model’s chance, and uses them from enough sends', async () => {
    const result = await calibration(handle.db, seasoned);
    const expected = expectedBuckets();
    const high = expected.get('80-100')!;
    expect(result.rows.find((row) => row.bucket === '80-100')).toEqual({
      bucket: '80-100',
      ...high,
      replyRate: high.replied / high.sent,
      hireRate: high.hired / high.sent,
      modelHireRate: expect.closeTo(0.2, 10),
    });
    expect(result.rows.find((row) => row.bucket === '0-39')?.modelHireRate).toBeNull();
    // The model's own chance, not the one already leaning on the user's rates.
    expect(result.rows.find((row) => row.bucket === '40-59')?.modelHireRate).toBeCloseTo(0.3, 10);
    expect(result.rows.map((row) => row.bucket)).toEqual(['0-39', '40-59', '60-79', '80-100']);
    expect(result.scoredSends).toBeGreaterThanOrEqual(OWN_RATES_MIN_SENDS);
    expect(result.ownRatesInUse).toBe(true);
    const low = expected.get('0-39')!;
    const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;
    expect(result.summary).toBe(
      `Higher fit scores are replied to more often: ${percent(low.replied, low.sent)} under 40, ${percent(high.replied, high.sent)} from 80.`,
    );
  });

  it('says how many more sends it needs before it can tell', async () => {
    const result = await calibration(handle.db, newcomer);
    expect(result.ownRatesInUse).toBe(false);
    expect(result.summary).toBe(
      `Too few sends with a fit score to tell yet: 12 of ${OWN_RATES_MIN_SENDS}.`,
    );
  });

  it('words a falling or a level reply rate honestly', () => {
    const bucket = (key: string, sent: number, replied: number) => ({
      bucket: key as '0-39',
      sent,
      replied,
      hired: 0,
      modelHireRate: null,
    });
    expect(
      calibrationSummary(
        [bucket('0-39', 20, 8), bucket('40-59', 0, 0), bucket('60-79', 20, 2)],
        40,
      ),
    ).toBe('Higher fit scores are not replied to more often: 40% under 40, 10% 60-79.');
    expect(calibrationSummary([bucket('0-39', 20, 4), bucket('80-100', 20, 4)], 40)).toBe(
      'Fit scores make no difference to replies so far: 20% under 40, 20% from 80.',
    );
  });
});
