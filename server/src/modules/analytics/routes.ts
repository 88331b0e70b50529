import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { analyticsRangeQuerySchema } from '#contract/analytics-range';
import { dashboardSchema } from '#contract/dashboard';
import { quoteAnalyticsSchema } from '#contract/quote-analytics';
import {
  compareQuerySchema,
  compareResultSchema,
  responseAnalyticsSchema,
} from '#contract/response-analytics';

import { errorAnswers } from '../../route-errors.ts';
import {
  compareResponses,
  dashboard,
  quoteAnalytics,
  resolveRange,
  responseAnalytics,
} from './service.ts';

/**
 * The reports: GET only, for the caller's own rows, for the period in the query (from, to and
 * the time zone; 400 for a period that ends before it starts, spans more than five years, or an
 * unknown time zone). The pages log what the user did; these reads log nothing. The dashboard is
 * for everyone; response analytics needs the response module and quote analytics the proposal
 * module, as their pages do.
 */

export type AnalyticsRoutesOptions = {
  /** The clock the dashboard's "today" and "last 7 days" are read from. */
  now?: () => Date;
};

const errors = errorAnswers(400, 401, 403);
const tags = ['analytics'];

const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary: 'KPIs against the previous period, the charts, the lists and the first steps',
        querystring: analyticsRangeQuerySchema,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => dashboard(app.db, request.user!.id, resolveRange(request.query), now()),
  );

  app.get(
    '/responses',
    {
      config: { module: 'response' },
      schema: {
        tags,
        summary: 'The funnel, breakdowns and fit-score calibration of the responses sent',
        querystring: analyticsRangeQuerySchema,
        response: { 200: responseAnalyticsSchema, ...errors },
      },
    },
    async (request) => responseAnalytics(app.db, request.user!.id, resolveRange(request.query)),
  );

  app.get(
    '/responses/compare',
    {
      config: { module: 'response' },
      schema: {
        tags,
        summary:
          'Two variants or two templates: the difference in reply rate with its 95% interval',
        querystring: compareQuerySchema,
        response: { 200: compareResultSchema, ...errors },
      },
    },
    async (request) => {
      const { kind, a, b, ...period } = request.query;
      return compareResponses(app.db, request.user!.id, resolveRange(period), kind, a, b);
    },
  );

  app.get(
    '/quotes',
    {
      config: { module: 'proposal' },
      schema: {
        tags,
        summary:
          'Quotes created in the period: statuses reached, acceptance, value, time to decision',
        querystring: analyticsRangeQuerySchema,
        response: { 200: quoteAnalyticsSchema, ...errors },
      },
    },
    async (request) => quoteAnalytics(app.db, request.user!.id, resolveRange(request.query)),
  );
};

export default analyticsRoutes;
