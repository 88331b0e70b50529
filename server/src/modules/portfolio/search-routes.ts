import {
  portfolioFacetsSchema,
  portfolioSearchQuerySchema,
  portfolioSearchResultSchema,
} from '#contract/portfolio';

import { errors, moduleGate, type PortfolioApp } from './routes-common.ts';
import * as service from './service.ts';

/** Portfolio search: the facets (skills, industries) and the search itself. */
export function registerSearchRoutes(app: PortfolioApp, deps: service.PortfolioDeps) {
  app.get(
    '/facets',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Skills and industries of the caller’s items, with counts (for filters)',
        response: { 200: portfolioFacetsSchema, ...errors },
      },
    },
    async (request) => service.portfolioFacets(deps, request.user!),
  );

  app.get(
    '/search',
    {
      config: moduleGate,
      schema: {
        tags: ['portfolio'],
        summary: 'Search by words (full text) or by meaning (AI), with why each item matched',
        querystring: portfolioSearchQuerySchema,
        response: { 200: portfolioSearchResultSchema, ...errors },
      },
    },
    async (request) => service.searchPortfolioFor(deps, request.user!, request.query),
  );
}
