import { describe, expect, it } from 'vitest';

import { CSV_IMPORT_MAX_BYTES } from '#contract/jobs';
import { ADVERSARIAL_CSV } from '#test-support/adversarial-inputs';

import { detectDelimiter, parseJobsCsv } from './csv-import.ts';

describe('parseJobsCsv', () => {
  it('reads good rows and reports bad ones per row', async () => {
    const csv = [
      'Title,Description,Job Type,Budget,Hourly Min,Hourly Max,Skills,Client Payment Verified,Proposals,Posted At',
      'Landing page,Build it from Figma,fixed,"$1,500",,,"Webflow, Figma",yes,4,2026-03-01T10:00:00Z',
      'API work,Node API,hourly,,40,70,Node.js;TypeScript,no,12,2026-03-01',
      ',No title here,fixed,100,,,,,,',
      'Bad money,Something,fixed,lots,,,,maybe,many,yesterday-ish',
    ].join('\n');
    const { rows, fileErrors } = await parseJobsCsv(csv);
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

  it('infers the job type from the money columns', async () => {
    const { rows } = await parseJobsCsv('title,budget,hourly_min\nA,500,\nB,,30');
    expect(rows.map((r) => r.job?.jobType)).toEqual(['fixed', 'hourly']);
  });

  it('refuses a file without a title column', async () => {
    expect((await parseJobsCsv('company,price\nA,1')).fileErrors[0]).toMatch(/"title"/);
  });

  it('ignores a byte-order mark and blank lines', async () => {
    const { rows } = await parseJobsCsv('\uFEFFtitle,skills\nOne,React\n\n\nTwo,Vue\n');
    expect(rows.map((r) => r.job?.title)).toEqual(['One', 'Two']);
  });

  it('reads semicolon- and tab-separated files', async () => {
    const semicolons = await parseJobsCsv(
      'Title;Budget;Skills\r\n"Shop, new";"1,500";"React, Vue"\r\nSecond;200;Go\r\n',
    );
    expect(semicolons.fileErrors).toEqual([]);
    expect(semicolons.rows.map((r) => r.job)).toMatchObject([
      { title: 'Shop, new', budgetMaxMinor: 150_000, skills: ['React', 'Vue'] },
      { title: 'Second', budgetMaxMinor: 20_000, skills: ['Go'] },
    ]);

    const tabs = await parseJobsCsv('title\thourly_min\tskills\nAPI, v2\t40\tNode;TS\n');
    expect(tabs.rows[0]?.job).toMatchObject({
      title: 'API, v2',
      hourlyMinMinor: 4_000,
      skills: ['Node', 'TS'],
    });
  });

  it('keeps the first of two headers that name the same column', async () => {
    const { rows } = await parseJobsCsv('Title,Name,name\nFirst,Second,Third');
    expect(rows[0]?.job?.title).toBe('First');
  });

  it('rejects bad experience levels and hourly ranges', async () => {
    const { rows } = await parseJobsCsv(
      'title,experience_level,hourly_min,hourly_max\nA,guru,50,20',
    );
    expect(rows[0]?.errors).toEqual([
      'hourly_min: must not be more than hourly_max',
      'experience_level: write entry, intermediate or expert',
    ]);
  });
});

describe('parseJobsCsv: screening questions', () => {
  it('splits at bars and line breaks and trims each question', async () => {
    const csv = 'title,screening_questions\nJob,"  Why you?  |When? \n  How much?| |  "\n';
    expect((await parseJobsCsv(csv)).rows[0]?.job?.screeningQuestions).toEqual([
      'Why you?',
      'When?',
      'How much?',
    ]);
  });
});

describe('parseJobsCsv: amounts past what is stored', () => {
  it('refuses them on the row', async () => {
    const csv = `title,budget,hourly_min\nA,${'9'.repeat(400)},\nB,,30000000\nC,"1,000,000,000",20`;
    const { rows } = await parseJobsCsv(csv);
    expect(rows[0]?.errors).toEqual(['budget: at most 1,000,000,000']);
    expect(rows[1]?.errors).toEqual(['hourly_min: at most 21,474,836.47']);
    expect(rows[2]?.job).toMatchObject({ budgetMaxMinor: 100_000_000_000, hourlyMinMinor: 2_000 });
  });
});

describe('parseJobsCsv: adversarial files at the size limit', () => {
  // Each file is read in linear time; a cell of spaces without a bar took the old splitter
  // hours. The loop yields, so the test timeout can fire between files.
  it('reads every adversarial file', async () => {
    for (const { name, csv } of ADVERSARIAL_CSV) {
      expect(csv.length, name).toBeLessThanOrEqual(CSV_IMPORT_MAX_BYTES);
      const { rows, fileErrors } = await parseJobsCsv(csv);
      expect(rows.length + fileErrors.length, name).toBeGreaterThan(0);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it('keeps a long spaced question whole', async () => {
    const { csv } = ADVERSARIAL_CSV.find((c) => c.name.includes('spaces without a separator'))!;
    const question = (await parseJobsCsv(csv)).rows[0]?.job?.screeningQuestions[0] ?? '';
    expect(question.startsWith('a ')).toBe(true);
    expect(question.endsWith(' b')).toBe(true);
  });
});

describe('detectDelimiter', () => {
  it('counts the header line only, outside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('"a,b,c";d;e\r\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc,d')).toBe('\t');
    expect(detectDelimiter('a|b|c')).toBe('|');
  });

  it('prefers the comma when nothing else wins', () => {
    expect(detectDelimiter('title')).toBe(',');
    expect(detectDelimiter('a,b;c')).toBe(',');
    expect(detectDelimiter('')).toBe(',');
  });

  it('reads no further than the start of a long header', () => {
    // The semicolons lie past the part of the header that is scanned.
    expect(detectDelimiter(`${'x'.repeat(100_000)};;;;\n`)).toBe(',');
  });
});

describe('parseJobsCsv: the reader', () => {
  it('answers a clear file error when a file takes too long', async () => {
    const { csv } = ADVERSARIAL_CSV.find((c) => c.name === 'quotes that never close')!;
    const { rows, fileErrors } = await parseJobsCsv(csv, { timeoutMs: 1 });
    expect(rows).toEqual([]);
    expect(fileErrors).toEqual([expect.stringMatching(/could not be read in time/)]);
  });

  it('still fails a row the reader flagged after its messages ran out', async () => {
    const csv = `title,budget\n${'Job\n'.repeat(1_200)}`;
    const { rows } = await parseJobsCsv(csv);
    expect(rows).toHaveLength(1_200);
    expect(rows.every((row) => row.job === null)).toBe(true);
    expect(rows[0]?.errors[0]).toMatch(/Too few fields/);
    expect(rows[1_199]?.errors).toEqual(['The row could not be read cleanly']);
  });

  it('reads two files at once, queues the next and refuses past the queue', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 19 }, (_, i) => parseJobsCsv(`title\nJob ${i}\n`)),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ reason: { statusCode: 503 } });
    const read = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(read.map((r) => r.rows[0]?.job?.title)).toEqual(
      Array.from({ length: 18 }, (_, i) => `Job ${i}`),
    );
  });
});
