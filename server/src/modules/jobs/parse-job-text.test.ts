import { describe, expect, it } from 'vitest';

import { ADVERSARIAL_JOB_TEXTS, PASTED_JOB_TEXT_MAX } from '#test-support/adversarial-inputs';

import { extractUpworkCiphertext, parseJobText } from './parse-job-text.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

const UPWORK_PAGE = `Senior React Developer for a Logistics Dashboard
Posted 2 hours ago
Worldwide

We are a growing logistics startup looking for a senior React developer to build a real-time
dashboard with charts, tables and role-based access.

You will work with our Node.js backend team.

$35.00 - $65.00
Hourly
Expert
I am looking for freelancers with the most experience
Less than 30 hrs/week

Skills and Expertise
React
TypeScript
Node.js
GraphQL

Activity on this job
Proposals: 10 to 15
Interviewing: 1

You will be asked to answer the following questions when submitting a proposal:
1. Describe your recent experience with similar projects
2. Which charting library do you prefer and why?

About the client
Payment method verified
Rating is 4.9 out of 5.
4.92 of 23 reviews
United States
14 jobs posted
79% hire rate, 2 open jobs
$48K total spent
11 hires, 3 active
Member since Mar 12, 2019
`;

describe('parseJobText: a copied Upwork page', () => {
  const job = parseJobText(
    { text: UPWORK_PAGE, url: 'https://www.upwork.com/jobs/~021234567890abcdef' },
    NOW,
  );

  it.each<[string, unknown]>([
    ['title', 'Senior React Developer for a Logistics Dashboard'],
    ['jobType', 'hourly'],
    ['currency', 'USD'],
    ['hourlyMinMinor', 3_500],
    ['hourlyMaxMinor', 6_500],
    ['budgetMinMinor', null],
    ['experienceLevel', 'expert'],
    ['proposalsCount', 10],
    ['postedAt', '2026-03-01T10:00:00.000Z'],
    ['url', 'https://www.upwork.com/jobs/~021234567890abcdef'],
  ])('%s', (field, value) => {
    expect(job[field as keyof typeof job]).toEqual(value);
  });

  it('skills', () => {
    expect(job.skills).toEqual(['React', 'TypeScript', 'Node.js', 'GraphQL']);
  });

  it('screening questions', () => {
    expect(job.screeningQuestions).toEqual([
      'Describe your recent experience with similar projects',
      'Which charting library do you prefer and why?',
    ]);
  });

  it('client facts', () => {
    expect(job.client).toEqual({
      paymentVerified: true,
      totalSpentMinor: 4_800_000,
      hires: 11,
      jobsPosted: 14,
      reviews: 23,
      rating: 4.9,
      country: 'United States',
      memberSince: '2019-03-12T00:00:00.000Z',
    });
  });

  it('the description is the body, without the metadata', () => {
    expect(job.description).toMatch(/^We are a growing logistics startup/);
    expect(job.description).toMatch(/Node\.js backend team\.$/);
    expect(job.description).not.toMatch(/Hourly|Proposals|Payment/);
  });
});

describe('parseJobText: other shapes', () => {
  it.each<[string, string, Record<string, unknown>]>([
    [
      'fixed price with a budget label',
      'Landing page in Webflow\nBudget: $1,500\nFixed-price\nIntermediate\nWe need a landing page built from Figma.',
      {
        jobType: 'fixed',
        budgetMinMinor: 150_000,
        budgetMaxMinor: 150_000,
        experienceLevel: 'intermediate',
      },
    ],
    [
      'fixed price with a k suffix',
      'Mobile app MVP\nWe want an MVP in Flutter.\nFixed price budget $2k',
      { jobType: 'fixed', budgetMaxMinor: 200_000 },
    ],
    [
      'single hourly rate',
      'Bookkeeping help\nLooking for help with QuickBooks at $25/hr for ongoing work.',
      { jobType: 'hourly', hourlyMinMinor: 2_500, hourlyMaxMinor: 2_500 },
    ],
    [
      'euros per hour',
      'Translator needed\nGerman to English translation, €30 - €45 per hour.',
      { jobType: 'hourly', currency: 'EUR', hourlyMinMinor: 3_000, hourlyMaxMinor: 4_500 },
    ],
    [
      'no money at all',
      'Help me with my WordPress site\nThe site is slow and I need someone to look at it soon.',
      { jobType: 'unknown', budgetMaxMinor: null, hourlyMaxMinor: null },
    ],
    [
      'unverified client with no hires',
      'Logo design\nNeed a logo.\nPayment method not verified\n0 hires\n1 job posted\nProposals: Less than 5\nPosted yesterday',
      { proposalsCount: 0, postedAt: '2026-02-28T12:00:00.000Z' },
    ],
    [
      'inline skills',
      'Data pipeline\nBuild an ETL pipeline.\nSkills: Python, Airflow, dbt',
      { skills: ['Python', 'Airflow', 'dbt'] },
    ],
    [
      'a labelled title after a URL line',
      'https://www.upwork.com/jobs/~01abcdef1234567890\nTitle: Shopify theme fixes\nFix our product page layout.',
      { title: 'Shopify theme fixes', description: 'Fix our product page layout.' },
    ],
  ])('%s', (_name, text, expected) => {
    expect(parseJobText({ text }, NOW)).toMatchObject(expected);
  });

  it('reads client facts when unverified', () => {
    const job = parseJobText(
      { text: 'Logo design\nNeed a logo.\nPayment method not verified\n0 hires\n1 job posted' },
      NOW,
    );
    expect(job.client).toMatchObject({ paymentVerified: false, hires: 0, jobsPosted: 1 });
  });

  it('keeps the whole text as the description when there is no structure', () => {
    const job = parseJobText({ text: 'Short note about a job we have' }, NOW);
    expect(job.title).toBe('Short note about a job we have');
    expect(job.description).toBe('Short note about a job we have');
  });
});

describe('extractUpworkCiphertext', () => {
  it.each<[string, string | null]>([
    ['https://www.upwork.com/jobs/~021234567890abcdef', '~021234567890abcdef'],
    [
      'https://www.upwork.com/jobs/Senior-React-Developer_~01abcdef1234567890/',
      '~01abcdef1234567890',
    ],
    [
      'https://www.upwork.com/freelance-jobs/apply/Some-Job_~01abcdef12345678/',
      '~01abcdef12345678',
    ],
    ['https://example.com/job/123', null],
  ])('%s', (url, ciphertext) => {
    expect(extractUpworkCiphertext(url)).toBe(ciphertext);
  });
});

describe('parseJobText: the linear rewrites read ordinary text as before', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['a labelled country', 'Job\nSome work.\nCountry:   Germany', { country: 'Germany' }],
    [
      'a labelled location',
      'Job\nSome work.\nLocation: Berlin, Germany',
      { country: 'Berlin, Germany' },
    ],
    [
      'counts with thousands',
      'Job\nWork.\n1,234 hires, 5 active\n2,001 jobs posted\n4.92 of 1,045 reviews',
      { hires: 1234, jobsPosted: 2001, reviews: 1045, rating: 4.92 },
    ],
    ['reviews without a rating', 'Job\nWork.\n45 reviews', { reviews: 45, rating: null }],
  ])('%s', (_name, text, client) => {
    expect(parseJobText({ text }, NOW).client).toMatchObject(client);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['"Hourly" alone on a line', 'Job\nWork to do.\n   Hourly   \nMore.', { jobType: 'hourly' }],
    [
      'a range with "hourly" on the next line',
      'Job\nWork to do.\n$30 - $60\n\n  hourly',
      { jobType: 'hourly', hourlyMinMinor: 3_000, hourlyMaxMinor: 6_000 },
    ],
    [
      'a range with "fixed" after a blank line',
      'Job\nWork to do.\n$300 - $600\n\n Fixed-price',
      { jobType: 'fixed', budgetMinMinor: 30_000, budgetMaxMinor: 60_000 },
    ],
    [
      'an amount with "budget" on the next line',
      'Job\nWork to do.\n$450\n  Budget',
      { jobType: 'fixed', budgetMaxMinor: 45_000 },
    ],
    ['a title label with spaces', 'Title:    Build a shop\nWork.', { title: 'Build a shop' }],
    ['inline skills with spaces', 'Job\nWork.\nSkills:    Go, Rust', { skills: ['Go', 'Rust'] }],
    [
      'numbered questions with spaces',
      'Job\nWork.\n\nQuestions:\n1.    Why you?\n2)   When?',
      { screeningQuestions: ['Why you?', 'When?'] },
    ],
  ])('%s', (_name, text, expected) => {
    expect(parseJobText({ text }, NOW)).toMatchObject(expected);
  });
});

describe('parseJobText: adversarial text at the size limit', () => {
  // Each text takes a few milliseconds; the old patterns took from seconds to minutes on some of
  // them, past this test's timeout (the loop yields, so the timeout can fire between texts).
  it('reads every adversarial text and gives sane fields', async () => {
    for (const { name, text } of ADVERSARIAL_JOB_TEXTS) {
      const trimmed = text.trim();
      expect(trimmed.length, name).toBe(PASTED_JOB_TEXT_MAX);
      const job = parseJobText({ text: trimmed }, NOW);
      expect(job.title.length, name).toBeLessThanOrEqual(200);
      expect(job.description.length, name).toBeLessThanOrEqual(50_000);
      expect(job.skills.length, name).toBeLessThanOrEqual(30);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it('finds no facts in runs of digits, and the count in "1 hire" repeated', () => {
    const digits = ADVERSARIAL_JOB_TEXTS.find((t) => t.name === 'one long run of digits')!;
    expect(parseJobText({ text: digits.text }, NOW).client).toMatchObject({
      hires: null,
      jobsPosted: null,
      reviews: null,
    });
    expect(parseJobText({ text: `Job\nWork.\n${'9'.repeat(400)} hires` }, NOW).client.hires).toBe(
      null,
    );
    expect(parseJobText({ text: `Job\nBudget: $${'9'.repeat(400)}` }, NOW).budgetMaxMinor).toBe(
      null,
    );
    expect(parseJobText({ text: `Job\nPosted ${'9'.repeat(30)} days ago` }, NOW).postedAt).toBe(
      null,
    );
    const hires = ADVERSARIAL_JOB_TEXTS.find((t) => t.name === '"1 hire" repeated')!;
    expect(parseJobText({ text: hires.text }, NOW).client.hires).toBe(1);
  });
});
