import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LEAD_CSV_MAX_BYTES, LEAD_CSV_MAX_ROWS, type LeadImportResult } from '#contract/leads';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { leadEvents, leads } from '../../db/schema/leads.ts';
import { readLeadsCsv } from './csv-import.ts';
import { insertLeadRows } from './repo.ts';

/** POST /api/leads/import: preview, per-line errors, duplicates, limits and the import itself. */
let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  alice = await h.signIn();
  bob = await h.signIn();
  await insertLeadRows(h.database.db, alice.user.id, [
    { contactName: 'Existing Erin', email: 'erin@example.com', upworkClientId: '~0111' },
  ]);
  // Bob's lead never makes Alice's lines duplicates.
  await insertLeadRows(h.database.db, bob.user.id, [
    { contactName: 'Bob’s Carol', email: 'carol@example.com' },
  ]);
});
afterAll(async () => {
  await h.close();
});

async function send(user: SignedIn, csv: string, dryRun: boolean) {
  return h.app.inject({
    method: 'POST',
    url: '/api/leads/import',
    headers: user.headers,
    payload: { csv, dryRun },
  });
}

async function run(csv: string, dryRun: boolean, user = alice): Promise<LeadImportResult> {
  const response = await send(user, csv, dryRun);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeadImportResult>();
}

async function namesOf(user: SignedIn): Promise<string[]> {
  const rows = await h.database.db
    .select({ name: leads.contactName })
    .from(leads)
    .where(eq(leads.userId, user.user.id));
  return rows.map((row) => row.name).sort();
}

const header =
  'Contact Name,company,EMAIL,upwork client id,source,stage,value,currency,probability,next-action,next_action_due,tags';

const mixedFile = [
  header,
  'Ann Archer,Archer Ltd,ann@example.com,,referral,Qualified,"1,250.50",usd,55,Call back,2030-03-01,web; shop',
  'Bad Email,,not-an-email,,,,,,,,,',
  '',
  'Stage Stan,,stan@example.com,,,signed,,,,,,',
  'Negative Ned,,ned@example.com,,,,-5,,,,,',
  'Late Lou,,lou@example.com,,,,,,,,2026-02-30,',
  'Erin Again,,ERIN@example.com,,,,,,,,,',
  'Carol Here,,carol@example.com,,,,,,,,,',
  'Ann Twin,,ann@example.com,,,,,,,,,',
  'Upwork Uma,,,~0222,upwork,new,900,JPY,,,2030-01-01T09:30:00Z,',
  'Upwork Twin,,,~0222,,,,,,,,',
  '"Multi',
  'Line",,multi@example.com,,,,,,,,,',
  ',,nobody@example.com,,,,,,,,,',
].join('\r\n');

describe('POST /api/leads/import', () => {
  it('previews without writing: valid lines, per-line errors with their line, duplicates', async () => {
    const result = await run(mixedFile, true);
    expect(result.dryRun).toBe(true);
    expect(result.imported).toBe(0);
    expect(result.rows).toBe(12);
    expect(result.valid).toBe(4);
    expect(result.preview.map((lead) => lead.contactName)).toEqual([
      'Ann Archer',
      'Carol Here',
      'Upwork Uma',
      'Multi\r\nLine',
    ]);
    expect(result.preview[0]).toEqual({
      contactName: 'Ann Archer',
      company: 'Archer Ltd',
      email: 'ann@example.com',
      stage: 'qualified',
      valueMinor: 125_050,
      currency: 'USD',
    });
    // JPY has no minor digits.
    expect(result.preview[2]!.valueMinor).toBe(900);

    const errors = new Map(result.errors.map((error) => [error.line, error.messages.join(' | ')]));
    expect([...errors.keys()]).toEqual([3, 5, 6, 7, 15]);
    expect(errors.get(3)).toContain('email: Enter a valid email address');
    expect(errors.get(5)).toContain('stage: "signed" is not one of new, contacted');
    expect(errors.get(6)).toContain('value: The value cannot be negative');
    expect(errors.get(7)).toContain('next_action_due: write a date such as 2026-03-01');
    expect(errors.get(15)).toContain('contact_name: Enter the contact name');

    expect(result.duplicates).toEqual([
      { line: 8, reason: 'A lead with this email exists already' },
      { line: 10, reason: 'Same email as line 2' },
      { line: 12, reason: 'Same Upwork client id as line 11' },
    ]);
    expect(await namesOf(alice)).toEqual(['Existing Erin']);
  });

  it('imports every valid, new line in one go, logs create_lead once with the count', async () => {
    const result = await run(mixedFile, false);
    expect(result).toMatchObject({ dryRun: false, valid: 4, imported: 4 });
    expect(await namesOf(alice)).toEqual([
      'Ann Archer',
      'Carol Here',
      'Existing Erin',
      'Multi\r\nLine',
      'Upwork Uma',
    ]);
    const [ann] = await h.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.userId, alice.user.id), eq(leads.email, 'ann@example.com')));
    expect(ann).toMatchObject({
      company: 'Archer Ltd',
      source: 'referral',
      stage: 'qualified',
      valueMinor: 125_050,
      currency: 'USD',
      probability: 55,
      nextAction: 'Call back',
      tags: ['web', 'shop'],
    });
    expect(ann!.nextActionDue?.toISOString()).toBe('2030-03-01T00:00:00.000Z');
    const events = await h.database.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, ann!.id));
    expect(events.map((event) => event.kind)).toEqual(['created']);

    const logged = await h.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, alice.user.id), eq(activities.action, 'create_lead')));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ source: 'csv', count: 4 });

    // The same file again: every line is a duplicate now, nothing is written or logged.
    const again = await run(mixedFile, false);
    expect(again).toMatchObject({ valid: 0, imported: 0 });
    expect(again.duplicates).toHaveLength(7);
    expect(await namesOf(alice)).toHaveLength(5);
  });

  it('reports unknown and repeated columns once, on line 1, and still imports', async () => {
    const csv = 'contact_name,Favourite Colour,email,E-mail\nSam Solo,blue,sam@example.com,x\n';
    const result = await run(csv, true, bob);
    expect(result.valid).toBe(1);
    expect(result.errors).toEqual([
      {
        line: 1,
        messages: [
          'Columns not imported (unknown): "Favourite Colour"',
          'Columns named twice (the first is used): email',
        ],
      },
    ]);
  });

  it('reads semicolon files and undoes the export’s formula guard', async () => {
    const csv = "contact_name;company;value\n'=Eve;'-Minus Co;10\n";
    const result = await run(csv, true, bob);
    expect(result.preview[0]).toMatchObject({
      contactName: '=Eve',
      company: '-Minus Co',
      valueMinor: 1000,
    });
  });

  it('answers 400 with a clear message for a file it cannot use', async () => {
    const cases: Array<[string, string]> = [
      ['company,email\nAcme,a@example.com', 'one of them must be "contact_name"'],
      ['', 'The CSV file is empty'],
      ['   \n\n', 'The CSV file has no lines to import'],
    ];
    for (const [csv, message] of cases) {
      const response = await send(bob, csv, true);
      expect(response.statusCode, csv).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toContain(message);
    }
    const unknownField = await h.app.inject({
      method: 'POST',
      url: '/api/leads/import',
      headers: bob.headers,
      payload: { csv: 'contact_name\nA', dryRun: true, extra: 1 },
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('refuses more rows or bytes than the limits, with messages', async () => {
    const rows = Array.from({ length: LEAD_CSV_MAX_ROWS + 1 }, (_, i) => `Lead ${i}`);
    const tooMany = await send(bob, ['contact_name', ...rows].join('\n'), true);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: { message: string } }>().error.message).toBe(
      `The file has more than ${LEAD_CSV_MAX_ROWS} leads; import at most ${LEAD_CSV_MAX_ROWS} at a time`,
    );

    const atLimit = await run(['contact_name', ...rows.slice(1)].join('\n'), true, bob);
    expect(atLimit.valid).toBe(LEAD_CSV_MAX_ROWS);
    expect(atLimit.preview).toHaveLength(20);

    // Multi-byte text counts its UTF-8 bytes: under the limit in characters, over it in bytes.
    const big = `contact_name,company\nA,${'é'.repeat(LEAD_CSV_MAX_BYTES / 2 + 10)}`;
    const tooBig = await send(bob, big, true);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json<{ error: { details: unknown } }>().error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'The CSV file must be at most 2 MB' }),
      ]),
    );
    expect(await namesOf(bob)).toEqual(['Bob’s Carol']);
  });
});

describe('readLeadsCsv', () => {
  const one = (cells: string) =>
    readLeadsCsv(`contact_name,value,currency,probability,next_action_due,tags\nA,${cells}`)
      .lines[0]!;

  it('reads values by the currency’s digits, percentages, times without a zone as UTC, tags once', () => {
    expect(one('12.5,KWD,40%,2030-01-02 10:00,a; b;;a').lead).toMatchObject({
      valueMinor: 12_500,
      currency: 'KWD',
      probability: 40,
      nextActionDue: '2030-01-02T10:00:00.000Z',
      tags: ['a', 'b'],
    });
  });

  it('says what is wrong with each cell', () => {
    expect(one('1.234,USD,,,').messages).toEqual(['value: USD amounts have at most 2 decimals']);
    expect(one('12abc,,,,').messages[0]).toContain('value: "12abc" is not an amount');
    expect(one('1'.repeat(20) + ',,,,').messages).toEqual(['value: The value is too large']);
    expect(one(',,101,,').messages).toEqual(['probability: write a whole number from 0 to 100']);
    expect(one(',US,,,').messages[0]).toContain('currency:');
    expect(one(',,,tomorrow,').messages[0]).toContain('next_action_due:');
  });
});
