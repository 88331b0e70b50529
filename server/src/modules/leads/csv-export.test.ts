import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LeadImportResult } from '#contract/leads';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { insertLeadRows } from './repo.ts';

/**
 * GET /api/leads/export.csv on a fixed set: alice has four leads (one with formula-like text, one
 * overdue, one in yen), bob has one she must never get in her file.
 */
let h: Harness;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  alice = await h.signIn();
  bob = await h.signIn();
  await insertLeadRows(h.database.db, alice.user.id, [
    {
      contactName: 'Ann Archer',
      company: 'Archer Ltd',
      email: 'ann@example.com',
      source: 'referral',
      stage: 'qualified',
      valueMinor: 125_050,
      currency: 'USD',
      probability: 55,
      nextAction: 'Call back',
      nextActionDue: new Date('2020-03-01T09:00:00Z'),
      tags: ['web', 'shop'],
    },
    {
      contactName: '=HYPERLINK("http://evil")',
      company: '+Plus Co',
      email: 'formula@example.com',
      nextAction: '@mention',
      tags: ['-minus'],
    },
    {
      contactName: 'Yuki Tanaka',
      email: 'yuki@example.com',
      upworkClientId: '~0333',
      source: 'upwork',
      stage: 'won',
      valueMinor: 90_000,
      currency: 'JPY',
    },
    { contactName: 'Nora Nobody', upworkClientId: '~0444', stage: 'lost' },
  ]);
  await insertLeadRows(h.database.db, bob.user.id, [
    { contactName: 'Bob Secret', email: 'secret@example.com', stage: 'qualified' },
  ]);
});
afterAll(async () => {
  await h.close();
});

async function exportCsv(query = '', user = alice) {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/leads/export.csv${query}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

function recordsOf(csv: string): Array<Record<string, string>> {
  return Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
}

describe('GET /api/leads/export.csv', () => {
  it('writes the import columns and created_at, words for stages, major units, as a download', async () => {
    const response = await exportCsv('?sort=name&dir=asc');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [headerLine] = response.body.split('\r\n');
    expect(headerLine).toBe(
      'contact_name,company,email,upwork_client_id,source,stage,value,currency,probability,next_action,next_action_due,tags,created_at',
    );
    const records = recordsOf(response.body);
    expect(records.map((record) => record.contact_name)).not.toContain('Bob Secret');
    const ann = records.find((record) => record.contact_name === 'Ann Archer');
    expect(ann).toMatchObject({
      company: 'Archer Ltd',
      email: 'ann@example.com',
      upwork_client_id: '',
      source: 'Referral',
      stage: 'Qualified',
      value: '1250.50',
      currency: 'USD',
      probability: '55',
      next_action: 'Call back',
      next_action_due: '2020-03-01T09:00:00.000Z',
      tags: 'web; shop',
    });
    expect(ann!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const yuki = records.find((record) => record.contact_name === 'Yuki Tanaka');
    expect(yuki).toMatchObject({ value: '90000', currency: 'JPY', stage: 'Won', source: 'Upwork' });

    const logged = await h.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, alice.user.id), eq(activities.action, 'export_lead')));
    expect(logged.at(-1)!.details).toMatchObject({ format: 'csv', count: 4 });
  });

  it('prefixes cells that start with = + - @ with a quote', async () => {
    const records = recordsOf((await exportCsv()).body);
    const formula = records.find((record) => record.email === 'formula@example.com');
    expect(formula).toMatchObject({
      contact_name: `'=HYPERLINK("http://evil")`,
      company: "'+Plus Co",
      next_action: "'@mention",
      tags: "'-minus",
    });
  });

  it('applies the list’s filters', async () => {
    const names = async (query: string) =>
      recordsOf((await exportCsv(query)).body).map((record) => record.contact_name);
    expect(await names('?stage=won')).toEqual(['Yuki Tanaka']);
    expect(await names('?source=referral')).toEqual(['Ann Archer']);
    expect(await names('?tag=shop')).toEqual(['Ann Archer']);
    expect(await names('?due=true')).toEqual(['Ann Archer']);
    expect(await names('?q=yuki')).toEqual(['Yuki Tanaka']);
    expect(await names('?stage=qualified&source=upwork')).toEqual([]);
    // Bob's file holds his lead only, even with the filter his lead matches.
    expect(await names('?stage=qualified')).toEqual(['Ann Archer']);
    expect(recordsOf((await exportCsv('', bob)).body).map((r) => r.contact_name)).toEqual([
      'Bob Secret',
    ]);
  });

  it('answers 400 for a bad filter', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/leads/export.csv?stage=signed',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(400);
    const unauthenticated = await h.app.inject({ method: 'GET', url: '/api/leads/export.csv' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('imports back as duplicates of the same leads, with the values it wrote', async () => {
    const csv = (await exportCsv()).body;
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/leads/import',
      headers: alice.headers,
      payload: { csv, dryRun: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<LeadImportResult>();
    expect(result).toMatchObject({ rows: 4, valid: 0, imported: 0, errors: [] });
    expect(result.duplicates.map((duplicate) => duplicate.reason).sort()).toEqual([
      'A lead with this Upwork client id exists already',
      'A lead with this email exists already',
      'A lead with this email exists already',
      'A lead with this email exists already',
    ]);

    // Into an account without them, the same file reads back as the same leads.
    const fresh = await h.signIn();
    const preview = await h.app.inject({
      method: 'POST',
      url: '/api/leads/import',
      headers: fresh.headers,
      payload: { csv, dryRun: true },
    });
    const into = preview.json<LeadImportResult>();
    expect(into).toMatchObject({ rows: 4, valid: 4, errors: [], duplicates: [] });
    expect(into.preview).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          contactName: 'Ann Archer',
          stage: 'qualified',
          valueMinor: 125_050,
          currency: 'USD',
        }),
        expect.objectContaining({ contactName: '=HYPERLINK("http://evil")', company: '+Plus Co' }),
        expect.objectContaining({ contactName: 'Yuki Tanaka', valueMinor: 90_000 }),
      ]),
    );
  });
});
