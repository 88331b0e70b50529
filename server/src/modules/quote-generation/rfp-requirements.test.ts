import { describe, expect, it } from 'vitest';

import { extractRequirements, RFP_TEXT_MAX, REQUIREMENTS_MAX } from './rfp-requirements.ts';
import { flat, readRfp, RFP_NAMES } from './test-rfps.ts';

const textsOf = (rfp: string) => extractRequirements(rfp).map((requirement) => requirement.text);

describe('extractRequirements', () => {
  it.each(RFP_NAMES)('%s: every requirement quotes a line or sentence of the RFP', (name) => {
    const rfp = flat(readRfp(name));
    const requirements = extractRequirements(readRfp(name));
    expect(requirements.length).toBeGreaterThan(5);
    for (const requirement of requirements) {
      expect(rfp).toContain(requirement.sentence.replace(/^[-*•]\s/, ''));
      expect(flat(requirement.sentence)).toContain(requirement.text);
    }
    expect(new Set(requirements.map((r) => r.id)).size).toBe(requirements.length);
  });

  it('reads the bullets of a store RFP, with nice-to-haves optional and exclusions out of scope', () => {
    const requirements = extractRequirements(readRfp('ecommerce-redesign'));
    const find = (words: string) => requirements.find((r) => r.text.includes(words));
    expect(find('Stripe payments')).toMatchObject({ source: 'bullet', outOfScope: false });
    expect(find('5 landing pages')).toMatchObject({ optional: false, outOfScope: false });
    expect(find('Gift cards')).toMatchObject({ optional: true, outOfScope: false });
    expect(find('Marketplace listings')).toMatchObject({ outOfScope: true });
    expect(find('Photography')).toMatchObject({ outOfScope: true });
    // The prose sentence that states a want counts; the facts about the shop do not.
    expect(find('We want a modern store')).toMatchObject({ source: 'sentence' });
    expect(find('Founded in 2009')).toBeUndefined();
    expect(find('1,800 products')?.text).toMatch(/^Migrate/);
  });

  it('leaves out the budget, the submission rules and what the bidder must send', () => {
    for (const name of RFP_NAMES) {
      for (const text of textsOf(readRfp(name))) {
        expect(text).not.toMatch(/proposal|submit|respondent|references|hourly rate|budget/i);
      }
    }
  });

  it('reads numbered items of a formal RFP and never takes a section title for a requirement', () => {
    const requirements = extractRequirements(readRfp('nonprofit-portal'));
    const texts = requirements.map((r) => r.text);
    expect(texts).not.toContain('Background');
    expect(texts).not.toContain('Scope of Work');
    expect(texts.some((t) => t.startsWith('Send email and SMS reminders'))).toBe(true);
    expect(requirements.find((r) => r.text.includes('automated tests'))?.source).toBe('numbered');
    expect(requirements.find((r) => r.text.includes('Bloomerang'))?.outOfScope).toBe(true);
    expect(requirements.find((r) => r.text.includes('training'))?.source).toBe('sentence');
  });

  it('reads the must/should/need sentences of a prose RFP and marks timing and wishes', () => {
    const requirements = extractRequirements(readRfp('analytics-dashboard'));
    const find = (words: string) => requirements.find((r) => r.text.includes(words));
    expect(find('pull data every night')).toBeDefined();
    expect(find('export any chart')).toBeDefined();
    expect(find('single sign-on')).toBeDefined();
    expect(find('alert to Slack')).toMatchObject({ optional: true });
    expect(find('mobile app')).toMatchObject({ outOfScope: true });
    expect(find('start in the second half')).toMatchObject({ schedule: true });
    expect(find('120 trucks')).toBeUndefined();
  });

  it('joins a wrapped bullet, skips a group title and keeps each requirement once', () => {
    const rfp = [
      'Features:',
      '- Admin panel:',
      '  * Manage users and roles',
      '- Product search with',
      '  typo tolerance',
      '- Manage users and roles',
    ].join('\n');
    expect(textsOf(rfp)).toEqual(['Manage users and roles', 'Product search with typo tolerance']);
  });

  it('finds nothing in an empty or requirement-free text', () => {
    expect(extractRequirements('')).toEqual([]);
    expect(extractRequirements('We are a bakery in Lyon. We have 12 staff.')).toEqual([]);
  });

  it('reads hostile texts in linear time and caps what it returns', () => {
    const hostile = [
      '- '.repeat(RFP_TEXT_MAX),
      '1.'.repeat(RFP_TEXT_MAX),
      `${' '.repeat(RFP_TEXT_MAX)}x`,
      'must '.repeat(RFP_TEXT_MAX / 5),
      '- must build a page\n'.repeat(RFP_TEXT_MAX / 20),
      `${'a.'.repeat(RFP_TEXT_MAX / 2)}`,
      `(${'1'.repeat(RFP_TEXT_MAX)}`,
    ];
    for (const text of hostile) {
      const started = performance.now();
      const requirements = extractRequirements(text);
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(requirements.length).toBeLessThanOrEqual(REQUIREMENTS_MAX);
    }
  });
});
