import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { BREAKDOWN_TITLES } from '@/contract/response-analytics';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { activityLog, captureDownloads, readDownload } from '@/testing/downloads';
import { renderWithProviders } from '@/testing/render';

import ResponseAnalyticsPage from './response-analytics-page';
import {
  CALIBRATION,
  compareResult,
  FUNNEL,
  responseAnalytics,
  responseAnalyticsApiFake,
  TEMPLATE_ROWS,
  TEMPLATE_SHORT,
  TEMPLATE_STORY,
  VARIANT_A,
  VARIANT_B,
} from './responses/response-analytics-fixtures';

/** Renders of the page on a shared 2-core machine. */
const SLOW = 20_000;

const render = (route = '/response-analytics?period=30d') =>
  renderWithProviders(<ResponseAnalyticsPage />, { route, token: 'test-token' });

/** A rate as the page writes it: whole percent from 10%, one decimal below. */
function rate(part: number, whole: number): string {
  const percent = (part / whole) * 100;
  return `${percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent)}%`;
}

function cellsOf(row: HTMLElement): string[] {
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
}

describe('/response-analytics', () => {
  it(
    'shows the totals and the funnel with the conversion between steps, and logs the visit',
    async () => {
      const logged = activityLog();
      const api = responseAnalyticsApiFake();
      render();
      const totals = await screen.findByLabelText('Totals', {}, { timeout: SLOW });
      const sent = FUNNEL[0]?.count ?? 0;
      expect(within(totals).getByText('Responses sent').nextSibling).toHaveTextContent(
        String(sent),
      );
      const data = responseAnalytics();
      expect(within(totals).getByText('Connects per reply').nextSibling).toHaveTextContent(
        String(Math.round((data.totals.connects / (FUNNEL[2]?.count ?? 1)) * 10) / 10),
      );

      const funnel = screen.getByRole('table', { name: 'Funnel' });
      const rows = within(funnel).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(FUNNEL.length);
      FUNNEL.forEach((step, index) => {
        const before = FUNNEL[index - 1];
        expect(cellsOf(rows[index] as HTMLElement)).toEqual([
          step.stage.charAt(0).toUpperCase() + step.stage.slice(1),
          String(step.count),
          before ? rate(step.count, before.count) : '–',
          rate(step.count, sent),
        ]);
      });
      // The same conversions in words under the chart.
      const viewed = FUNNEL[1]?.count ?? 0;
      expect(
        screen.getByText(`Sent → Viewed: ${rate(viewed, sent)} (${viewed} of ${sent})`),
      ).toBeInTheDocument();

      await waitFor(() =>
        expect(logged).toContainEqual(
          expect.objectContaining({ action: 'view_analytics', details: { page: 'responses' } }),
        ),
      );
      expect(logged.filter((entry) => entry.action === 'view_analytics')).toHaveLength(1);
      const query = api.analyticsRequests[0]?.searchParams;
      expect(query?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(query?.get('tz')).toBeTruthy();
    },
    SLOW * 2,
  );

  it(
    'downloads the funnel as CSV with the raw numbers and logs export_data',
    async () => {
      const logged = activityLog();
      responseAnalyticsApiFake();
      const files = captureDownloads();
      const { user } = render();
      await user.click(
        await screen.findByRole('button', { name: 'CSV of Funnel' }, { timeout: SLOW }),
      );
      const text = (await readDownload(files[0])).replace(/^\uFEFF/, '');
      const sent = FUNNEL[0]?.count ?? 0;
      const lines = FUNNEL.map((step, index) => {
        const before = FUNNEL[index - 1];
        const label = step.stage.charAt(0).toUpperCase() + step.stage.slice(1);
        return [label, step.count, before ? step.count / before.count : '', step.count / sent].join(
          ',',
        );
      });
      expect(text.split('\r\n')).toEqual([
        'Stage,Responses,From the step before,Of sent',
        ...lines,
      ]);
      await waitFor(() =>
        expect(logged).toContainEqual(
          expect.objectContaining({
            action: 'export_data',
            details: { page: 'responses', table: 'funnel' },
          }),
        ),
      );
    },
    SLOW * 2,
  );

  it(
    'switches breakdowns with the tabs and the arrow keys, sorts by a header, marks few sends',
    async () => {
      responseAnalyticsApiFake();
      const { user } = render();
      const template = await screen.findByRole(
        'table',
        { name: BREAKDOWN_TITLES.template },
        { timeout: SLOW },
      );
      const firstColumn = () =>
        within(screen.getByRole('table', { name: BREAKDOWN_TITLES.template }))
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent);
      expect(firstColumn()).toEqual(TEMPLATE_ROWS.map((row) => expect.stringContaining(row.label)));
      // Fewer than ten sends: said in words on that row only.
      const few = TEMPLATE_ROWS.filter((row) => row.sent < 10).map((row) => row.label);
      expect(within(template).getAllByText('few sends')).toHaveLength(few.length);

      const byRate = [...TEMPLATE_ROWS].sort((a, b) => (b.replyRate ?? -1) - (a.replyRate ?? -1));
      const header = within(template).getByRole('columnheader', { name: 'Reply rate' });
      await user.click(within(header).getByRole('button'));
      expect(header).toHaveAttribute('aria-sort', 'descending');
      expect(firstColumn()).toEqual(byRate.map((row) => expect.stringContaining(row.label)));
      await user.click(within(header).getByRole('button'));
      expect(header).toHaveAttribute('aria-sort', 'ascending');

      await user.click(screen.getByRole('tab', { name: BREAKDOWN_TITLES.variant }));
      const variant = screen.getByRole('table', { name: BREAKDOWN_TITLES.variant });
      const variantRow = within(variant).getByRole('row', { name: /Variant B/ });
      expect(cellsOf(variantRow).slice(1, 4)).toEqual([
        String(VARIANT_B.sent),
        String(VARIANT_B.replied),
        rate(VARIANT_B.replied, VARIANT_B.sent),
      ]);

      await user.keyboard('{ArrowRight}');
      const category = screen.getByRole('tab', { name: BREAKDOWN_TITLES.category });
      expect(category).toHaveAttribute('aria-selected', 'true');
      expect(category).toHaveFocus();
      expect(screen.getByRole('table', { name: BREAKDOWN_TITLES.category })).toBeInTheDocument();
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName(BREAKDOWN_TITLES.category);
    },
    SLOW * 2,
  );

  it(
    'compares variants, then two templates, with the sentence, both intervals and the method',
    async () => {
      const api = responseAnalyticsApiFake(responseAnalytics(), (url) => {
        const short = TEMPLATE_ROWS[0];
        const story = TEMPLATE_ROWS[1];
        if (url.searchParams.get('kind') === 'template' && short && story) {
          return compareResult(short, story, {
            kind: 'template',
            sentence: 'B replies more often (38% vs 16%), and the difference is clear.',
            certain: true,
            verdict: 'b_better',
          });
        }
        return compareResult(VARIANT_A, VARIANT_B);
      });
      const { user } = render();
      const panel = await screen.findByRole('region', { name: 'Compare' }, { timeout: SLOW });
      const variants = compareResult(VARIANT_A, VARIANT_B);
      expect(await within(panel).findByText(variants.sentence)).toBeInTheDocument();
      const whole = (value: number | null) => `${Math.round((value ?? 0) * 100)}%`;
      expect(
        within(panel).getByText(
          `${VARIANT_A.replied} of ${VARIANT_A.sent} replied (${whole(variants.a.replyRate)}; 95% interval ${whole(variants.a.low)}–${whole(variants.a.high)})`,
        ),
      ).toBeInTheDocument();
      const points = (value: number | null) => {
        const rounded = Math.round((value ?? 0) * 100);
        return `${rounded > 0 ? '+' : rounded < 0 ? '−' : ''}${Math.abs(rounded)} points`;
      };
      const difference = `B − A: ${points(variants.difference)} (95% interval ${points(variants.differenceLow)} to ${points(variants.differenceHigh)})`;
      expect(within(panel).getByText(difference)).toBeInTheDocument();
      // The interval drawn as a bar crossing zero, named with the same words.
      expect(within(panel).getByRole('img', { name: difference })).toBeInTheDocument();
      expect(within(panel).getByText(/Newcombe-Wilson 95% interval/)).toBeInTheDocument();
      expect(
        within(panel).getByText(new RegExp(`about ${variants.sendsNeededPerArm} per arm`)),
      ).toBeInTheDocument();
      expect(api.compareRequests[0]?.searchParams.get('kind')).toBe('variant');
      expect(api.compareRequests[0]?.searchParams.get('a')).toBe('A');
      expect(api.compareRequests[0]?.searchParams.get('b')).toBe('B');

      await user.selectOptions(within(panel).getByLabelText('What to compare'), 'template');
      expect(
        await within(panel).findByText(
          'B replies more often (38% vs 16%), and the difference is clear.',
        ),
      ).toBeInTheDocument();
      const last = api.compareRequests.at(-1)?.searchParams;
      expect(last?.get('kind')).toBe('template');
      expect([last?.get('a'), last?.get('b')]).toEqual([TEMPLATE_SHORT, TEMPLATE_STORY]);
      // Responses sent without a template have nothing to compare.
      const options = within(within(panel).getByLabelText('A')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(
        TEMPLATE_ROWS.filter((row) => row.key !== 'none').map((row) => row.label),
      );
    },
    SLOW * 2,
  );

  it(
    'says whether the fit score predicts replies and whether Browse Jobs uses the own rates',
    async () => {
      responseAnalyticsApiFake(
        responseAnalytics({
          calibration: { ...CALIBRATION, scoredSends: 12, ownRatesInUse: false },
        }),
      );
      render();
      const panel = await screen.findByRole(
        'region',
        { name: 'Does the fit score predict replies?' },
        { timeout: SLOW },
      );
      expect(within(panel).getByText(CALIBRATION.summary)).toBeInTheDocument();
      expect(
        within(panel).getByText(
          `Worth per Connect on Browse Jobs uses the built-in estimate until you have ${CALIBRATION.minSends} sends with a fit score (you have 12).`,
        ),
      ).toBeInTheDocument();
      const top = CALIBRATION.rows.at(-1);
      const row = within(panel).getByRole('row', { name: new RegExp(`^${top?.bucket}`) });
      expect(cellsOf(row)).toEqual([
        top?.bucket,
        String(top?.sent),
        rate(top?.replied ?? 0, top?.sent ?? 1),
        rate(top?.hired ?? 0, top?.sent ?? 1),
        `${Math.round((top?.modelHireRate ?? 0) * 100)}%`,
      ]);
    },
    SLOW * 2,
  );

  it(
    "leaves out the model's column when none of the jobs sent to was scored",
    async () => {
      responseAnalyticsApiFake(
        responseAnalytics({
          calibration: {
            ...CALIBRATION,
            rows: CALIBRATION.rows.map((row) => ({ ...row, modelHireRate: null })),
          },
        }),
      );
      render();
      const panel = await screen.findByRole(
        'region',
        { name: 'Does the fit score predict replies?' },
        { timeout: SLOW },
      );
      const headers = within(panel).getAllByRole('columnheader');
      expect(headers.map((header) => header.textContent)).toEqual([
        'Fit score',
        'Sent',
        'Reply rate',
        'Hire rate',
      ]);
      const top = CALIBRATION.rows.at(-1);
      const row = within(panel).getByRole('row', { name: new RegExp(`^${top?.bucket}`) });
      expect(cellsOf(row)).toHaveLength(4);
    },
    SLOW * 2,
  );

  it(
    'shows an empty period with a way to find jobs',
    async () => {
      responseAnalyticsApiFake(
        responseAnalytics({
          funnel: FUNNEL.map((step) => ({ ...step, count: 0 })),
          totals: {
            sent: 0,
            connects: 0,
            connectsPerReply: null,
            connectsPerHire: null,
            revenue: [],
            revenuePerResponse: [],
          },
          breakdowns: [],
        }),
      );
      render('/response-analytics?period=7d');
      expect(
        await screen.findByRole(
          'region',
          { name: 'No responses sent in this period' },
          { timeout: SLOW },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute(
        'href',
        '/upwork-jobs',
      );
      expect(screen.queryByRole('region', { name: 'Compare' })).not.toBeInTheDocument();
    },
    SLOW * 2,
  );

  it(
    'says why when the numbers cannot be loaded, and Retry loads them',
    async () => {
      let fail = true;
      server.use(
        http.get(`${TEST_API}/api/analytics/responses`, () =>
          fail
            ? HttpResponse.json(
                { error: { code: 'internal', message: 'The database is busy. Try again.' } },
                { status: 503 },
              )
            : HttpResponse.json(responseAnalytics()),
        ),
        http.get(`${TEST_API}/api/analytics/responses/compare`, () =>
          HttpResponse.json(compareResult(VARIANT_A, VARIANT_B)),
        ),
      );
      const { user } = render();
      const alert = await screen.findByRole('alert', {}, { timeout: SLOW });
      expect(alert).toHaveTextContent('The database is busy. Try again.');
      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('table', { name: 'Funnel' })).toBeInTheDocument();
    },
    SLOW * 2,
  );
});
