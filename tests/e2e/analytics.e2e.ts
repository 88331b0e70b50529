/**
 * The dashboard and both analytics pages on a year of seeded history, in a browser whose clock
 * runs in Europe/Berlin: every number checked here is recomputed by the spec from the raw rows
 * the history seed wrote (analytics-recompute.ts), never read back from the API. The dashboard's
 * KPIs, its funnel as a table, the KPI CSV and a chart's PNG; the by-template breakdown and the
 * A/B comparison of variants with its interval and sentence; quotes created and accepted; a new
 * user's checklist instead of zeros; axe in both themes and the dashboard at 390 px.
 */
import { readFile } from 'node:fs/promises';

import Papa from 'papaparse';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

import { formatMoney } from '#contract/money';

import { uniqueEmail } from '../support/auth-emulator-client.ts';
import { launchChromium } from '../support/browser.ts';
import { E2E_HISTORY_ACCOUNT } from '../support/demo-accounts.ts';

import {
  FUNNEL,
  funnelCounts,
  lastDays,
  netEarnings,
  newcombeDifference,
  quoteCounts,
  quotesAwaitingAt,
  ratio,
  reached,
  sentResponses,
  yearToDate,
  type HistoryRows,
  type SentResponse,
} from './analytics-recompute.ts';
import { seriousViolations } from './axe.ts';
import { baseURL, emulator, signIn } from './helpers.ts';

const TIME_ZONE = 'Europe/Berlin';
const STAGE_LABELS = ['Sent', 'Viewed', 'Replied', 'Interview', 'Hired'];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// ---------------------------------------------------------------------------------------------
// The page's number formats, written out (a rate under 10% keeps one decimal).

function percentText(rate: number | null): string {
  if (rate === null) return '–';
  const percent = rate * 100;
  return `${Math.abs(percent) < 10 ? Math.round(percent * 10) / 10 : Math.round(percent)}%`;
}

const countText = (value: number | null) =>
  value === null ? '–' : new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value);

function moneyText(totals: Array<{ currency: string; amountMinor: number }>): string {
  if (totals.length === 0) return formatMoney(0, 'USD');
  return totals.map((total) => formatMoney(total.amountMinor, total.currency)).join(', ');
}

/** "+9 points", "−2 points" (a real minus sign), as the comparison writes a difference. */
function pointsText(difference: number): string {
  const points = Math.round(difference * 100);
  const sign = points > 0 ? '+' : points < 0 ? '−' : '';
  return `${sign}${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

// ---------------------------------------------------------------------------------------------
// Browser: a context per test, its clock in TIME_ZONE and its theme chosen before the app loads.

let browser: Browser | undefined;
const contexts: Array<{ close(): Promise<void> }> = [];

async function openPage(options: { theme?: 'dark' | 'light'; width?: number } = {}): Promise<Page> {
  if (!browser) throw new Error('The browser did not start');
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: 900 },
    timezoneId: TIME_ZONE,
    acceptDownloads: true,
  });
  contexts.push(context);
  if (options.theme) {
    const theme = options.theme;
    await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  }
  return context.newPage();
}

async function downloadOf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

function parseCsv(bytes: Buffer): Array<Record<string, string>> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

/** A spreadsheet-safe cell ('-$12) as the value it stands for. */
const unquoted = (cell: string | undefined) => (cell ?? '').replace(/^'/, '');

/** The value of the KPI card whose label is `label` (cards are dt/dd pairs). */
function kpiValue(page: Page, label: string): Locator {
  return page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

/** The body rows of a table as their cells' texts. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

// ---------------------------------------------------------------------------------------------

describe('dashboard and analytics recomputed from a year of history', () => {
  let rows: HistoryRows;

  beforeAll(async () => {
    rows = JSON.parse(await readFile(inject('e2eHistoryFile'), 'utf8')) as HistoryRows;
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the dashboard shows the KPIs, the funnel table, the KPI CSV and a chart PNG of the rows', async () => {
    const page = await openPage();
    await signIn(page, E2E_HISTORY_ACCOUNT);
    const period = lastDays(90, new Date(), TIME_ZONE);
    const sent = sentResponses(rows, period);
    expect(sent.length, 'the history has responses in the last 90 days').toBeGreaterThan(20);
    const connects = sent.reduce((sum, response) => sum + response.connects, 0);
    const replied = reached(sent, 'replied');
    const expected: Record<string, string> = {
      'Responses sent': countText(sent.length),
      'Reply rate': percentText(ratio(replied, sent.length)),
      'Interview rate': percentText(ratio(reached(sent, 'interview'), sent.length)),
      'Hire rate': percentText(ratio(reached(sent, 'hired'), sent.length)),
      'Connects spent': countText(connects),
      'Connects per reply': countText(ratio(connects, replied)),
      Earnings: moneyText(netEarnings(rows, period, TIME_ZONE)),
      'Quotes awaiting a decision': countText(quotesAwaitingAt(rows, new Date())),
    };

    await page.goto('/dashboard?period=90d');
    await kpiValue(page, 'Responses sent').waitFor({ timeout: 30_000 });
    const shown: Record<string, string> = {};
    for (const label of Object.keys(expected)) {
      shown[label] = (await kpiValue(page, label).textContent())?.trim() ?? '';
    }
    expect(shown).toEqual(expected);

    // The funnel as a table: the responses that reached each stage.
    const funnel = page.getByRole('figure', { name: /funnel/i });
    await funnel.getByRole('button', { name: 'Table', exact: true }).click();
    const counts = funnelCounts(sent);
    const funnelTable = funnel.getByRole('table');
    await funnelTable.waitFor();
    const funnelRows = await tableRows(funnelTable);
    expect(funnelRows.map((cells) => [cells[0], cells[1]])).toEqual(
      FUNNEL.map((stage, index) => [STAGE_LABELS[index], countText(counts[stage])]),
    );

    // The KPI CSV says what the cards say.
    const kpiCsv = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download KPIs (CSV)' }).click(),
    );
    expect(kpiCsv.name).toMatch(/\.csv$/);
    const csvRows = parseCsv(kpiCsv.bytes);
    const csvValues = Object.fromEntries(
      csvRows.map((row) => [row.KPI, unquoted(row['This period'])]),
    );
    for (const [label, value] of Object.entries(expected)) {
      expect(csvValues[label], `CSV: ${label}`).toBe(value === '–' ? '' : value);
    }

    // A chart saves as a real PNG image.
    await funnel.getByRole('button', { name: 'Chart', exact: true }).click();
    const png = funnel.getByRole('button', { name: /^PNG/ });
    await expect.poll(() => png.isEnabled(), { timeout: 20_000 }).toBe(true);
    const image = await downloadOf(page, () => png.click());
    expect(image.name).toMatch(/\.png$/);
    expect([...image.bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
    expect(image.bytes.length).toBeGreaterThan(1_000);
  });

  it('response analytics: the by-template breakdown and the A/B comparison of variants', async () => {
    const page = await openPage();
    await signIn(page, E2E_HISTORY_ACCOUNT);
    const sent = sentResponses(rows, yearToDate(new Date(), TIME_ZONE));
    await page.goto('/response-analytics?period=ytd');
    await page.getByRole('heading', { name: 'Response Analytics', level: 1 }).waitFor();

    // By template: each template's sends, replies, interviews, hires and Connects.
    const names = new Map(rows.templates.map((template) => [template.id, template.name]));
    const byTemplate = new Map<string, SentResponse[]>();
    for (const response of sent) {
      const label = (response.templateId && names.get(response.templateId)) || 'No template';
      byTemplate.set(label, [...(byTemplate.get(label) ?? []), response]);
    }
    const expectedTemplates = [...byTemplate]
      .map(([label, group]) => ({
        label,
        sent: group.length.toLocaleString('en-US'),
        replied: reached(group, 'replied').toLocaleString('en-US'),
        interviews: reached(group, 'interview').toLocaleString('en-US'),
        hired: reached(group, 'hired').toLocaleString('en-US'),
        connects: group
          .reduce((sum, response) => sum + response.connects, 0)
          .toLocaleString('en-US'),
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
    await page.getByRole('tab', { name: 'By template' }).click();
    const templateTable = page.getByRole('tabpanel').getByRole('table').first();
    await templateTable.waitFor({ timeout: 30_000 });
    const shownTemplates = (await tableRows(templateTable))
      .map((cells) => ({
        label: (cells[0] ?? '').replace(/few sends$/, '').trim(),
        sent: cells[1],
        replied: cells[2],
        interviews: cells[4],
        hired: cells[5],
        connects: cells[7],
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
    expect(shownTemplates).toEqual(expectedTemplates);

    // Variant A against B: both arms, the difference with its interval, and the sentence.
    const arm = (variant: string) => {
      const group = sent.filter((response) => response.variant === variant);
      return { sent: group.length, replied: reached(group, 'replied') };
    };
    const a = arm('A');
    const b = arm('B');
    expect(Math.min(a.sent, b.sent), 'both variants were sent this year').toBeGreaterThan(10);
    const compare = page.getByRole('region', { name: 'Compare' });
    const sentence = compare
      .getByRole('status')
      .filter({ hasText: /replies more often|No difference|Too few sends/ });
    await sentence.waitFor({ timeout: 30_000 });
    const armTexts = await compare.getByText(/ of \d[\d,]* replied \(/).allTextContents();
    expect(armTexts.map((text) => text.replace(/ \(.*$/, ''))).toEqual([
      `${a.replied} of ${a.sent} replied`,
      `${b.replied} of ${b.sent} replied`,
    ]);
    const difference = newcombeDifference(a, b);
    await compare
      .getByText(
        `B − A: ${pointsText(difference.difference)} (95% interval ${pointsText(difference.low)} to ${pointsText(difference.high)})`,
        { exact: true },
      )
      .waitFor();
    await compare.getByText('Newcombe-Wilson 95% interval', { exact: false }).first().waitFor();
    const said = (await sentence.textContent())?.trim() ?? '';
    const certain = difference.low > 0 || difference.high < 0;
    const rateA = Math.round((a.replied / a.sent) * 100);
    const rateB = Math.round((b.replied / b.sent) * 100);
    if (!certain && rateA === rateB) {
      expect(said).toBe(`No difference in reply rate so far (${rateA}% vs ${rateB}%).`);
    } else {
      const leader = difference.difference > 0 ? 'Variant B' : 'Variant A';
      const rates = difference.difference > 0 ? `${rateB}% vs ${rateA}%` : `${rateA}% vs ${rateB}%`;
      expect(said.startsWith(`${leader} replies more often (${rates})`), said).toBe(true);
      expect(said, said).toContain(certain ? 'the difference is clear' : 'not yet certain');
    }
  });

  it('quote analytics shows the quotes created and accepted, and the acceptance rate', async () => {
    const page = await openPage();
    await signIn(page, E2E_HISTORY_ACCOUNT);
    const quotes = quoteCounts(rows, yearToDate(new Date(), TIME_ZONE));
    expect(quotes.created, 'the history has quotes this year').toBeGreaterThan(5);
    await page.goto('/quote-analytics?period=ytd');
    await page.getByRole('heading', { name: 'Quote Analytics', level: 1 }).waitFor();
    await kpiValue(page, 'Created').waitFor({ timeout: 30_000 });
    const labels = {
      created: 'Created',
      sent: 'Sent',
      accepted: 'Accepted',
      declined: 'Declined',
      expired: 'Expired',
      acceptanceRate: 'Acceptance rate',
    } as const;
    const shown: Record<string, string> = {};
    for (const [key, label] of Object.entries(labels)) {
      shown[key] = (await kpiValue(page, label).textContent())?.trim() ?? '';
    }
    expect(shown).toEqual({
      created: countText(quotes.created),
      sent: countText(quotes.sent),
      accepted: countText(quotes.accepted),
      declined: countText(quotes.declined),
      expired: countText(quotes.expired),
      acceptanceRate: percentText(quotes.acceptanceRate),
    });
  });

  it('a brand-new user sees the first steps, not zeros', async () => {
    const page = await openPage();
    const email = uniqueEmail('analytics');
    const password = 'analytics-password-1';
    await emulator().createAccount(email, password, 'Nova New');
    await signIn(page, { email, password });
    const checklist = page.getByRole('region', { name: 'Get started' });
    await checklist.waitFor({ timeout: 30_000 });
    const steps = checklist.getByRole('listitem');
    expect(await steps.getByRole('link').allTextContents()).toEqual([
      'Complete your profile',
      'Add a portfolio item',
      'Connect Upwork',
      'Send your first response',
    ]);
    // Nothing is done yet, and each step says so in words.
    expect(await steps.filter({ hasText: 'Not done yet' }).count()).toBe(4);
    expect(await kpiValue(page, 'Responses sent').count()).toBe(0);
    expect(await kpiValue(page, 'Reply rate').count()).toBe(0);
  });

  /** The analytics screens, each with what shows once its numbers are in. */
  const SCREENS = [
    { path: '/dashboard?period=90d', ready: (page: Page) => kpiValue(page, 'Responses sent') },
    {
      path: '/response-analytics?period=ytd',
      ready: (page: Page) =>
        page
          .getByRole('region', { name: 'Compare' })
          .getByRole('status')
          .filter({ hasText: /replies more often|No difference|Too few sends/ }),
    },
    { path: '/quote-analytics?period=ytd', ready: (page: Page) => kpiValue(page, 'Created') },
  ];

  it.each(['dark', 'light'] as const)(
    'has no serious accessibility problems in the %s theme',
    async (theme) => {
      const page = await openPage({ theme });
      await signIn(page, E2E_HISTORY_ACCOUNT);
      // Every screen first, so one run names every finding.
      const findings: Record<string, string[]> = {};
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await screen.ready(page).waitFor({ timeout: 30_000 });
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        );
        findings[screen.path] = await seriousViolations(page);
      }
      expect(findings).toEqual(Object.fromEntries(SCREENS.map((screen) => [screen.path, []])));
    },
    150_000,
  );

  it('fits the dashboard in 390 px without scrolling sideways', async () => {
    const phone = await openPage({ width: 390 });
    await signIn(phone, E2E_HISTORY_ACCOUNT);
    await phone.goto('/dashboard?period=90d');
    await kpiValue(phone, 'Responses sent').waitFor({ timeout: 30_000 });
    await phone.getByRole('figure').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
