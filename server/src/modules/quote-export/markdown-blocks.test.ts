import { describe, expect, it } from 'vitest';

import { blocksText, markdownBlocks } from './markdown-blocks.ts';

describe('markdownBlocks', () => {
  it('keeps bold and italic as styled runs and drops the marks', () => {
    const [block] = markdownBlocks('We **build** the *shop* and ***ship*** it.');
    expect(block).toEqual({
      kind: 'paragraph',
      runs: [
        { text: 'We ', bold: false, italic: false },
        { text: 'build', bold: true, italic: false },
        { text: ' the ', bold: false, italic: false },
        { text: 'shop', bold: false, italic: true },
        { text: ' and ', bold: false, italic: false },
        { text: 'ship', bold: true, italic: true },
        { text: ' it.', bold: false, italic: false },
      ],
    });
  });

  it('reads headings, bullets with nesting and numbered lists', () => {
    const blocks = markdownBlocks(
      '## Plan\n\n- one\n- two\n  - two a\n\n3. third\n4. fourth\n\n- [x] done',
    );
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'list', 'list', 'list']);
    const [, bullets, numbered, tasks] = blocks;
    expect(bullets).toMatchObject({
      items: [
        { level: 0, marker: null, runs: [{ text: 'one' }] },
        { level: 0, marker: null, runs: [{ text: 'two' }] },
        { level: 1, marker: null, runs: [{ text: 'two a' }] },
      ],
    });
    expect(numbered).toMatchObject({ items: [{ marker: '3.' }, { marker: '4.' }] });
    expect(blocksText(tasks ? [tasks] : [])).toBe('[x] done');
  });

  it('never interprets HTML: tags stay the characters typed', () => {
    const text = blocksText(markdownBlocks('Hi <b>there</b>\n\n<script>alert(1)</script>'));
    expect(text).toBe('Hi <b>there</b>\n<script>alert(1)</script>');
  });

  it('keeps link addresses, image alt text, code and common entities readable', () => {
    const text = blocksText(
      markdownBlocks('See [our site](https://example.com) ![logo](x.png) `npm ci` Tom &amp; Jerry'),
    );
    expect(text).toBe('See our site (https://example.com) logo npm ci Tom & Jerry');
  });

  it('gives nothing for empty or blank text', () => {
    expect(markdownBlocks('')).toEqual([]);
    expect(markdownBlocks('  \n\n  ')).toEqual([]);
  });
});
