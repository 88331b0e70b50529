import { describe, expect, it } from 'vitest';

import { missingRequirements, offlineQuote } from './offline-quote.ts';
import { extractRequirements } from './rfp-requirements.ts';
import { readHeadline } from './rfp-title.ts';
import { readRfp } from './test-rfps.ts';

/** What a freelancer reads before sending the offline quote for a realistic three-page RFP. */
const RFP = readRfp('clinic-booking-platform');
const NOW = new Date('2026-11-23T15:30:00Z');
const requirements = extractRequirements(RFP);
const quote = offlineQuote({ rfpText: RFP, rateMinor: 8_500, currency: 'GBP', now: NOW });
const labels = quote.lineItems.map((line) => line.label);
const lineTexts = quote.lineItems.map((line) => `${line.label} ${line.description}`);
const pricedWith = (words: string) => lineTexts.filter((text) => text.includes(words));

describe('offline quote for the clinic booking RFP', () => {
  it('answers every requirement and takes well under a second', () => {
    expect(missingRequirements(quote, requirements)).toEqual([]);
    const started = performance.now();
    offlineQuote({ rfpText: RFP, rateMinor: 8_500, currency: 'GBP', now: NOW });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('prices nothing from how to respond, how proposals are chosen, the deadline or questions', () => {
    for (const words of [
      'Milestones with their deliverables',
      'Your understanding of our needs',
      'The team who will do the work',
      'Two examples of similar work',
      'How you handle data protection',
      'score proposals',
      'Proposals are due',
      'Questions about this RFP',
    ]) {
      expect(pricedWith(words), words).toEqual([]);
      expect(
        requirements.some((r) => r.text.includes(words)),
        words,
      ).toBe(false);
    }
  });

  it('puts the goals and the problem in the understanding, not in priced lines', () => {
    for (const goal of [
      'Let patients book, move and cancel appointments online at any hour',
      'Reduce no-shows from 11% to under 6% with reminders',
      'Cut front-desk phone time by at least a third',
    ]) {
      expect(pricedWith(goal), goal).toEqual([]);
      expect(quote.understanding).toContain(goal);
    }
    expect(quote.understanding).toContain('Booking by phone is slow for patients');
  });

  it('prices neither the budget nor the timeline; the dates become notes to confirm', () => {
    expect(pricedWith('45,000')).toEqual([]);
    expect(pricedWith('Headingley clinic by the end of May')).toEqual([]);
    expect(quote.timeline).toContain('live in the Headingley clinic by the end of May');
    expect(quote.assumptions.some((a) => a.text.includes('test with real patients'))).toBe(true);
  });

  it('does not price the introduction that says the clinic is looking for a partner', () => {
    expect(pricedWith('looking for a partner')).toEqual([]);
    expect(labels.some((label) => label.startsWith('A partner to design'))).toBe(false);
  });

  it('prices the three nice-to-haves as optional lines, left unticked', () => {
    const optional = quote.lineItems.filter((line) => line.optional);
    expect(optional.map((line) => line.label)).toEqual([
      'Online gift vouchers for sports massage',
      'Group class booking for our Pilates sessions (up to 10 people per class)',
      'A Welsh-language version of the patient screens for our Welsh-speaking patients',
    ]);
    expect(optional.every((line) => !line.selected)).toBe(true);
  });

  it('still prices the real requirements, support after launch included', () => {
    for (const words of [
      'Stripe',
      'Cliniko diary',
      'Migration of 9,400',
      'Three months of support',
    ]) {
      expect(pricedWith(words), words).toHaveLength(1);
    }
  });

  it('reads the client’s name and a clean title from the RFP', () => {
    expect(quote.clientName).toBe('Riverside Physiotherapy Group');
    expect(quote.summary).toMatch(/^Prepared for Riverside Physiotherapy Group\./);
    expect(quote.title).toBe('Online Booking and Patient Portal for Riverside Physiotherapy Group');
  });

  it('names milestones by phase and by what they hold', () => {
    expect(quote.milestones.map((milestone) => milestone.name)).toEqual([
      'Discovery and design',
      'Booking, reminders and forms',
      'Patient portal, clinic and admin screens',
      'Testing, launch, training and handover',
    ]);
    expect(quote.timeline).toContain('1. Discovery and design: about');
  });

  it('labels each line with a short task and keeps the full requirement in its description', () => {
    for (const line of quote.lineItems) {
      expect(line.label.length, line.label).toBeLessThanOrEqual(80);
      expect(line.label).not.toContain('…');
    }
    const dashboard = quote.lineItems.find((line) => line.label === 'Practice manager dashboard');
    expect(dashboard?.description).toContain(
      'with bookings per clinic and clinician, cancellations, no-shows and revenue',
    );
  });
});

describe('reading other RFPs', () => {
  const aims = (rfp: string) =>
    extractRequirements(rfp).map((r) => ({ text: r.text, optional: r.optional }));

  it('makes items under "Phase 2" or marked as phase 2 optional', () => {
    const rfp = [
      '## Features',
      '- Online ordering for collection',
      '- Loyalty points (phase 2)',
      '',
      '## Phase 2',
      '- Delivery tracking on a map',
    ].join('\n');
    expect(aims(rfp)).toEqual([
      { text: 'Online ordering for collection', optional: false },
      { text: 'Loyalty points (phase 2)', optional: true },
      { text: 'Delivery tracking on a map', optional: true },
    ]);
  });

  it('reads a feature heading as work, and a sub-list under "How to respond" as none', () => {
    const rfp = [
      '## Requirements',
      '### Class schedule',
      '- Weekly timetable per studio',
      '## How to respond',
      'Please include:',
      '- Your day rate',
    ].join('\n');
    expect(aims(rfp)).toEqual([{ text: 'Weekly timetable per studio', optional: false }]);
  });

  it('reads the client from the title or the first sentence, and keeps the marker when unsure', () => {
    const read = (title: string, sentence: string) =>
      readHeadline(`${title}\n\n${sentence} We need a new site.`, sentence);
    expect(read('Acme Dental: Request for Proposals', 'Acme Dental has two clinics.')).toEqual({
      title: null,
      clientName: 'Acme Dental',
    });
    expect(read('RFP – Bluebird Bakery', 'Bluebird Bakery sells bread.').clientName).toBe(
      'Bluebird Bakery',
    );
    expect(read('RFP: Website Redesign', 'We sell bread in three shops.')).toEqual({
      title: 'Website Redesign',
      clientName: null,
    });
    expect(read('Website for a small bakery', 'We bake bread.').clientName).toBeNull();
    expect(read('A new shop website', 'Northwind Traders is a wholesaler.').clientName).toBe(
      'Northwind Traders',
    );
    expect(read('REQUEST FOR PROPOSALS: VOLUNTEER PORTAL', 'We run pantries.').title).toBe(
      'Volunteer Portal',
    );
  });
});
