import { describe, expect, it } from 'vitest';

import { lineLabel } from './line-label.ts';

describe('lineLabel', () => {
  it('names the work, without the client’s framing', () => {
    expect(lineLabel('We want a modern store')).toBe('A modern store');
    expect(lineLabel('The selected vendor shall design and build a portal')).toBe(
      'Design and build a portal',
    );
    expect(lineLabel('Gift cards')).toBe('Gift cards');
    // What is left must still name something.
    expect(lineLabel('we need it')).toBe('We need it');
  });

  it('cuts a long label at a word', () => {
    const label = lineLabel(`Build ${'a very long feature '.repeat(12)}`);
    expect(label.length).toBeLessThanOrEqual(120);
    expect(label.endsWith(' …')).toBe(false);
    expect(label.endsWith('…')).toBe(true);
  });
});
