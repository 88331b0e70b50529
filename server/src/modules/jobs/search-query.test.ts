import { describe, expect, it } from 'vitest';

import { toWebsearchQuery } from './search-query.ts';

describe('toWebsearchQuery', () => {
  it.each<[string, string | null]>([
    ['react', 'react'],
    ['react AND typescript', 'react typescript'],
    ['react OR vue', 'react or vue'],
    ['react || vue', 'react or vue'],
    ['react NOT angular', 'react -angular'],
    ['react -angular', 'react -angular'],
    ['"design system" figma', '"design system" figma'],
    ['NOT "landing page" webflow', '-"landing page" webflow'],
    ['(react OR vue) AND node', 'react or vue node'],
    ['c++ OR c#', 'c++ or c#'],
    ['node.js', 'node.js'],
    ['OR react OR', 'react'],
    ['NOT angular', '-angular'],
    ['AND OR', null],
    ['   ', null],
    ["react'; drop table jobs; --", 'react drop table jobs'],
  ])('%s -> %s', (input, output) => {
    expect(toWebsearchQuery(input)).toBe(output);
  });
});
