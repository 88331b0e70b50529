import { describe, expect, it } from 'vitest';

import { parseJobsCsv } from './csv-import.ts';

describe('parseJobsCsv', () => {
  it('reads good rows and reports bad ones per row', () => {
    const csv = [
      'Title,Description,Job Type,Budget,Hourly Min,Hourly Max,Skills,Client Payment Verified,Proposals,Posted At',
      'Landing page,Build it from Figma,fixed,"$1,500",,,"Webflow, Figma",yes,4,2026-03-01T10:00:00Z',
      'API work,Node API,hourly,,40,70,Node.js;TypeScript,no,12,2026-03-01',
      ',No title here,fixed,100,,,,,,',
      'Bad money,Something,fixed,lots,,,,maybe,many,yesterday-ish',
    ].join('\n');
    const { rows, fileErrors } = parseJobsCsv(csv);
    expect(fileErrors).toEqual([]);
    expect(rows).toHaveLength(4);

    expect(rows[0]?.job).toMatchObject({
      title: 'Landing page',
      jobType: 'fixed',
      budgetMaxMinor: 150_000,
      skills: ['Webflow', 'Figma'],
      client: { paymentVerified: true },
      proposalsCount: 4,
      postedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(rows[1]?.job).toMatchObject({
      jobType: 'hourly',
      hourlyMinMinor: 4_000,
      hourlyMaxMinor: 7_000,
      skills: ['Node.js', 'TypeScript'],
      client: { paymentVerified: false },
    });

    expect(rows[2]).toMatchObject({
      row: 4,
      job: null,
      errors: ['title: every job needs a title'],
    });
    expect(rows[3]?.row).toBe(5);
    expect(rows[3]?.job).toBeNull();
    expect(rows[3]?.errors.join('\n')).toMatch(/budget: "lots" is not an amount/);
    expect(rows[3]?.errors.join('\n')).toMatch(/client_payment_verified: write yes or no/);
    expect(rows[3]?.errors.join('\n')).toMatch(/proposals: "many" is not a whole number/);
    expect(rows[3]?.errors.join('\n')).toMatch(/posted_at: write a date/);
  });

  it('infers the job type from the money columns', () => {
    const { rows } = parseJobsCsv('title,budget,hourly_min\nA,500,\nB,,30');
    expect(rows.map((r) => r.job?.jobType)).toEqual(['fixed', 'hourly']);
  });

  it('refuses a file without a title column', () => {
    expect(parseJobsCsv('company,price\nA,1').fileErrors[0]).toMatch(/"title"/);
  });

  it('ignores a byte-order mark and blank lines', () => {
    const { rows } = parseJobsCsv('\uFEFFtitle,skills\nOne,React\n\n\nTwo,Vue\n');
    expect(rows.map((r) => r.job?.title)).toEqual(['One', 'Two']);
  });

  it('rejects bad experience levels and hourly ranges', () => {
    const { rows } = parseJobsCsv('title,experience_level,hourly_min,hourly_max\nA,guru,50,20');
    expect(rows[0]?.errors).toEqual([
      'hourly_min: must not be more than hourly_max',
      'experience_level: write entry, intermediate or expert',
    ]);
  });
});
