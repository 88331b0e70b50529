import { describe, expect, it } from 'vitest';

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
