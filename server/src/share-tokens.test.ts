import { describe, expect, it } from 'vitest';

import { isShareTokenShape, newShareToken, redactShareTokens } from './share-tokens.ts';

describe('share tokens', () => {
  it('makes well-formed, distinct tokens', () => {
    const a = newShareToken();
    expect(isShareTokenShape(a)).toBe(true);
    expect(newShareToken()).not.toBe(a);
  });

  it.each([
    ['/api/public/quotes/abc', '/api/public/quotes/[redacted]'],
    ['/api/public/quotes/abc/views/123?x=1', '/api/public/quotes/[redacted]/views/123?x=1'],
    ['/q/abc', '/q/[redacted]'],
    ['/q/abc?utm=1', '/q/[redacted]?utm=1'],
    ['/api/quotes/123/share', '/api/quotes/123/share'],
  ])('redacts %s', (url, expected) => {
    expect(redactShareTokens(url)).toBe(expected);
  });
});
