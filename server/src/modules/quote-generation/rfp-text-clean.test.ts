import { describe, expect, it } from 'vitest';

import { unwrapPrintedLines } from './rfp-text-clean.ts';

describe('unwrapPrintedLines', () => {
  const printed = [
    'Website Redesign for Harbor & Pine Outfitters',
    'Harbor & Pine Outfitters is a family-owned outdoor gear shop in',
    'Portland with two stores and a small online catalogue. Our current site',
    'runs on an old WordPress theme and is slow on phones. We want a three-',
    'person team to run it.',
    'Requirements',
    '- Deployment to our hosting, with backups and uptime monitoring for the',
    'whole store',
    '- Integration with our Square point-of-sale so stock levels stay in sync',
    'Nice to have',
    '- Gift cards',
  ].join('\n');

  it('joins the lines a page wrapped back into sentences', () => {
    const lines = unwrapPrintedLines(printed).split('\n');
    expect(lines).toContain(
      'Harbor & Pine Outfitters is a family-owned outdoor gear shop in Portland with two stores and a small online catalogue. Our current site runs on an old WordPress theme and is slow on phones. We want a three-person team to run it.',
    );
    expect(lines).toContain(
      '- Deployment to our hosting, with backups and uptime monitoring for the whole store',
    );
  });

  it('marks the title and the headings a PDF printed without markup, and keeps list items apart', () => {
    const lines = unwrapPrintedLines(printed).split('\n');
    expect(lines[0]).toBe('# Website Redesign for Harbor & Pine Outfitters');
    expect(lines).toContain('## Requirements');
    expect(lines).toContain('## Nice to have');
    expect(lines).toContain('- Gift cards');
    expect(lines).toContain(
      '- Integration with our Square point-of-sale so stock levels stay in sync',
    );
  });
});
