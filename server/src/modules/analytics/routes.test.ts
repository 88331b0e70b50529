import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dashboardSchema } from '#contract/dashboard';
import { quoteAnalyticsSchema } from '#contract/quote-analytics';
import { compareResultSchema, responseAnalyticsSchema } from '#contract/response-analytics';

import { addResponse } from '../../../../tests/support/response-history.ts';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

/**
 * The four report routes over HTTP: the period is validated (400 with the field at fault), the
 * module gates hold, answers match the contract, and one user's rows never reach another.
 */

let h: Harness;
let owner: SignedIn;
let other: SignedIn;
let noModules: SignedIn;

const DAY = 86_400_000;
const to = new Date(Math.ceil(Date.now() / DAY) * DAY);
const from = new Date(to.getTime() - 30 * DAY);
const period = `from=${from.toISOString()}&to=${to.toISOString()}&tz=UTC`;
/** Sends of the owner in the period, each at its own hour. */
const ownerSends = [2, 5, 9].map((daysAgo) => new Date(to.getTime() - daysAgo * DAY - 3_600_000));

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn({ modules: ['response', 'proposal'] });
  other = await h.signIn({ modules: ['response', 'proposal'] });
  noModules = await h.signIn({ modules: [] });
  for (const sentAt of ownerSends) {
    await addResponse(h.app.db, owner.user.id, { sentAt, history: ['replied'], connects: 4 });
  }
});
afterAll(async () => h.close());

const get = (url: string, who: SignedIn | null) =>
  h.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });

describe('GET /api/analytics/dashboard', () => {
  it('answers the caller’s own figures in the contract’s shape', async () => {
    const response = await get(`/api/analytics/dashboard?${period}`, owner);
    expect(response.statusCode).toBe(200);
    const body = dashboardSchema.parse(response.json());
    expect(body.kpis.responsesSent.current).toBe(ownerSends.length);
    expect(body.kpis.connectsSpent.current).toBe(ownerSends.length * 4);
    expect(body.hasData).toBe(true);
    expect(body.range).toMatchObject({ from: from.toISOString(), to: to.toISOString(), tz: 'UTC' });
  });

  it('shows another user none of those rows, and the first steps', async () => {
    const body = dashboardSchema.parse(
      (await get(`/api/analytics/dashboard?${period}`, other)).json(),
    );
    expect(body.kpis.responsesSent).toEqual({ current: 0, previous: 0 });
    expect(body.charts.funnel.every((step) => step.count === 0)).toBe(true);
    expect(body.hasData).toBe(false);
    expect(body.checklist.map((step) => step.step)).toEqual([
      'profile',
      'portfolio',
      'upwork',
      'response',
    ]);
  });

  it('is open to a user without modules and closed to anonymous callers', async () => {
    expect((await get(`/api/analytics/dashboard?${period}`, noModules)).statusCode).toBe(200);
    expect((await get(`/api/analytics/dashboard?${period}`, null)).statusCode).toBe(401);
  });

  it.each([
    [
      'a period that ends where it starts',
      `from=${from.toISOString()}&to=${from.toISOString()}`,
      'to',
    ],
    [
      'a period that ends before it starts',
      `from=${to.toISOString()}&to=${from.toISOString()}`,
      'to',
    ],
    ['an unknown time zone', `${period.replace('tz=UTC', 'tz=Mars%2FOlympus')}`, 'tz'],
    ['more than five years', `from=2019-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`, 'from'],
    ['a date that is not a date', `from=yesterday&to=${to.toISOString()}`, 'from'],
    ['no period at all', '', 'from'],
  ])('answers 400 for %s, naming the field', async (_case, query, field) => {
    const response = await get(`/api/analytics/dashboard?${query}`, owner);
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('validation_failed');
    expect(JSON.stringify(error.details ?? error.message)).toContain(field);
  });
});

describe('the analytics pages’ routes', () => {
  it('answers response analytics and a comparison for the response module', async () => {
    const analytics = await get(`/api/analytics/responses?${period}`, owner);
    expect(analytics.statusCode).toBe(200);
    const body = responseAnalyticsSchema.parse(analytics.json());
    expect(body.totals.sent).toBe(ownerSends.length);
    expect((await get(`/api/analytics/responses?${period}`, other)).json().totals.sent).toBe(0);

    const compare = await get(
      `/api/analytics/responses/compare?${period}&kind=variant&a=A&b=B`,
      owner,
    );
    expect(compare.statusCode).toBe(200);
    expect(compareResultSchema.parse(compare.json()).a.sent).toBe(ownerSends.length);
  });

  it('refuses a comparison of an unknown kind', async () => {
    const response = await get(
      `/api/analytics/responses/compare?${period}&kind=colour&a=A&b=B`,
      owner,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('answers quote analytics for the proposal module', async () => {
    const response = await get(`/api/analytics/quotes?${period}`, owner);
    expect(response.statusCode).toBe(200);
    expect(quoteAnalyticsSchema.parse(response.json()).totals.created).toBe(0);
  });

  it('gates the pages’ routes by their modules', async () => {
    for (const url of [
      `/api/analytics/responses?${period}`,
      `/api/analytics/responses/compare?${period}&kind=variant&a=A&b=B`,
      `/api/analytics/quotes?${period}`,
    ]) {
      const response = await get(url, noModules);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('module_not_enabled');
    }
  });
});
