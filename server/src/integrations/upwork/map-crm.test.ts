import { describe, expect, it } from 'vitest';

import {
  contractIdFromDescription,
  decimalToMinor,
  mapContract,
  mapProposal,
  mapRoom,
  mapStory,
  mapTransactionRow,
  moneyAmount,
  upworkDay,
  upworkTime,
} from './map-crm.ts';

describe('amounts', () => {
  it('reads decimal strings as minor units with the currency digits', () => {
    expect(decimalToMinor('1500', 2)).toBe(150_000);
    expect(decimalToMinor('1500.5', 2)).toBe(150_050);
    expect(decimalToMinor('-15.00', 2)).toBe(-1_500);
    expect(decimalToMinor('1,200.00', 2)).toBe(120_000);
    expect(decimalToMinor('0.125', 2)).toBe(13);
    expect(decimalToMinor('-0.004', 2)).toBe(0);
    expect(decimalToMinor('.5', 2)).toBe(50);
    expect(decimalToMinor('abc', 2)).toBeNull();
    expect(decimalToMinor('1.2.3', 2)).toBeNull();
    expect(decimalToMinor('', 2)).toBeNull();
  });

  it('uses each currency own minor unit, USD when Upwork leaves it out', () => {
    expect(moneyAmount({ rawValue: '5000', currency: 'JPY' })).toEqual({
      amountMinor: 5000,
      currency: 'JPY',
    });
    expect(moneyAmount({ rawValue: '1.5', currency: 'KWD' })).toEqual({
      amountMinor: 1500,
      currency: 'KWD',
    });
    expect(moneyAmount({ rawValue: '75.0', currency: null })).toEqual({
      amountMinor: 7500,
      currency: 'USD',
    });
    expect(moneyAmount(null)).toBeNull();
  });
});

describe('times and days', () => {
  it('reads ISO strings and epoch milliseconds', () => {
    expect(upworkTime('2024-05-01T10:00:00Z')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(upworkTime('1714557600000')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(upworkTime('soon')).toBeNull();
    expect(upworkTime('')).toBeNull();
  });

  it('keeps a calendar day and refuses one that does not exist', () => {
    expect(upworkDay('2024-02-29')).toBe('2024-02-29');
    expect(upworkDay('2023-02-29')).toBeNull();
    expect(upworkDay('2024-05-01T23:30:00Z')).toBe('2024-05-01');
    expect(upworkDay('2024-1x-01')).toBeNull();
  });
});

describe('the contract id in a description', () => {
  it('reads it after the label, in any case and spacing', () => {
    expect(
      contractIdFromDescription('Invoice for 10:00 hrs - Dashboard (Contract ID: 41000002)'),
    ).toBe('41000002');
    expect(contractIdFromDescription('Service Fee - contract id:38493')).toBe('38493');
    expect(contractIdFromDescription('Withdrawal to Bank account ****4821')).toBeNull();
    expect(contractIdFromDescription('Contract ID: )')).toBeNull();
    expect(contractIdFromDescription(null)).toBeNull();
  });

  it('stays fast on adversarial text', () => {
    const text = `${'Contract ID: '.repeat(20_000)}${'9'.repeat(100)}`;
    const started = performance.now();
    expect(contractIdFromDescription(text)).toBeNull();
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('nodes', () => {
  it('a room: the client is the participant who is not the freelancer', () => {
    const room = mapRoom(
      {
        id: 'r1',
        roomName: null,
        roomType: 'ONE_ON_ONE',
        numUnread: 2,
        contractId: null,
        vendorProposal: { id: 'vp1' },
        roomUsers: [
          { user: { id: 'me', name: 'Dana D.' }, role: 'participant' },
          { user: { id: 'c1', name: 'Maya C.' }, role: 'owner' },
        ],
        latestStory: { id: 's1', message: 'Hi', createdDateTime: '1714557600000' },
      },
      'me',
    );
    expect(room).toMatchObject({
      roomName: 'Maya C.',
      numUnread: 2,
      objectReferenceId: 'vp1',
      clientUserId: 'c1',
      clientName: 'Maya C.',
      latestStory: { id: 's1', message: 'Hi' },
    });
  });

  it('a story without a readable time, and a proposal without a job, are left out', () => {
    expect(mapStory({ id: 's', message: 'x', createdDateTime: 'never', user: null })).toBeNull();
    expect(
      mapProposal({ id: 'p', status: null, auditDetails: null, marketplaceJobPosting: null }),
    ).toBeNull();
  });

  it('a contract: hourly when it has hourly terms, else fixed, with the latest amount', () => {
    const base = {
      id: 'c',
      title: 'Work',
      status: 'ACTIVE',
      startDate: '2024-05-01',
      offerId: null,
      job: { id: 'j' },
      clientOrganization: { id: 'o', name: 'Acme' },
    };
    expect(
      mapContract({
        ...base,
        terms: {
          fixedPriceTerms: [],
          hourlyTerms: [
            { hourlyRate: { rawValue: '60', currency: 'USD' } },
            { hourlyRate: { rawValue: '75.5', currency: 'USD' } },
          ],
        },
      }),
    ).toMatchObject({ type: 'hourly', amountMinor: 7550, jobPostingId: 'j', clientName: 'Acme' });
    expect(
      mapContract({
        ...base,
        terms: {
          fixedPriceTerms: [{ fixedAmount: { rawValue: '2400', currency: 'EUR' } }],
          hourlyTerms: null,
        },
      }),
    ).toMatchObject({ type: 'fixed', amountMinor: 240_000, currency: 'EUR' });
  });

  it('a ledger row keeps its sign and finds its contract; one without an id is left out', () => {
    const row = {
      recordId: '810000001',
      transactionCreationDate: '2024-05-01',
      type: 'Service Fee',
      accountingSubtype: 'Service Fee',
      description: 'Service Fee for Hourly - Work (Contract ID: 41000002)',
      descriptionUI: null,
      transactionAmount: { rawValue: '-90.00', currency: 'USD' },
      paymentStatus: 'Processed',
      assignmentCompanyName: 'Northwind Logistics',
    };
    expect(mapTransactionRow(row)).toEqual({
      recordId: '810000001',
      date: '2024-05-01',
      type: 'Service Fee',
      subtype: 'Service Fee',
      description: row.description,
      amountMinor: -9000,
      currency: 'USD',
      companyName: 'Northwind Logistics',
      contractId: '41000002',
    });
    expect(mapTransactionRow({ ...row, recordId: null })).toBeNull();
    expect(
      mapTransactionRow({ ...row, transactionAmount: { rawValue: 'n/a', currency: 'USD' } }),
    ).toBeNull();
  });
});
