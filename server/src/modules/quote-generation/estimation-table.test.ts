import { describe, expect, it } from 'vitest';

import { ESTIMATION_TABLE, SIZES, WORK_KINDS, estimate } from './estimation-table.ts';

describe('the estimation table', () => {
  it.each(WORK_KINDS)('%s: a larger size never takes fewer hours', (kind) => {
    const { hours } = ESTIMATION_TABLE[kind];
    for (const size of SIZES) expect(hours[size]).toBeGreaterThan(0);
    expect(hours.small).toBeLessThan(hours.standard);
    expect(hours.standard).toBeLessThan(hours.large);
  });

  it.each([
    ['Wireframes and UI design in Figma for the mobile app', 'design'],
    ['Checkout page with a cart summary', 'frontend_page'],
    ['REST API endpoints for orders and invoices', 'api_endpoint'],
    ['Users sign up, log in and reset their password', 'authentication'],
    ['Integrate Stripe and sync invoices to QuickBooks', 'integration'],
    ['Migrate 10 years of records from the legacy system', 'data_migration'],
    ['Monthly sales report exported to CSV', 'report'],
    ['Automated tests and a WCAG audit', 'testing'],
    ['Deploy to AWS with a CI pipeline and monitoring', 'deployment'],
    ['SEO copywriting for the blog', 'content'],
    ['Training and a user manual for the staff', 'documentation'],
    ['Weekly status meetings with the stakeholders', 'project_management'],
    ['Gift cards', 'general'],
  ] as const)('reads "%s" as %s', (text, kind) => {
    expect(estimate(text).kind).toBe(kind);
  });

  it('reads size words: simple work takes fewer hours, complex work more', () => {
    const simple = estimate('A simple contact form page');
    const plain = estimate('A contact form page');
    const complex = estimate('A complex multi-step form page with custom validation');
    expect([simple.size, plain.size, complex.size]).toEqual(['small', 'standard', 'large']);
    expect(simple.hours).toBeLessThan(plain.hours);
    expect(plain.hours).toBeLessThan(complex.hours);
    // Both kinds of size word cancel out.
    expect(estimate('A simple but complex page').size).toBe('standard');
  });

  it('multiplies by a count written before the work ("5 landing pages"), from 2 to 20', () => {
    const one = estimate('A landing page for the campaign');
    expect(estimate('5 landing pages for the campaign')).toMatchObject({
      count: 5,
      hours: one.hours * 5,
    });
    expect(estimate('3 reports for the board').count).toBe(3);
    expect(estimate('Support 400 landing pages').count).toBe(1);
    expect(estimate('Migrate 1,800 products from 6 years of records').count).toBe(1);
  });
});
