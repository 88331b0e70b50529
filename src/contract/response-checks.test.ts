import { describe, expect, it } from 'vitest';

import {
  leftoverMarkers,
  leftoverPlaceholders,
  recheckText,
  removePlaceholders,
  sendBlockers,
  textChecks,
} from './response-checks';
import type { CheckResult } from './responses';

const byId = (checks: CheckResult[], id: string) => checks.find((check) => check.id === id);

describe('response text checks', () => {
  it('fails the length check past 5,000 characters, with the count and the excess', () => {
    const length = byId(textChecks('x'.repeat(10_000)), 'length');
    expect(length).toMatchObject({ passed: false, fixed: false });
    expect(length?.detail).toBe(
      "10,000 characters: 5,000 over Upwork's limit. Shorten it before sending.",
    );
    expect(byId(textChecks('x'.repeat(5_000)), 'length')?.passed).toBe(true);
  });

  it('replaces stale text checks and keeps the ones about the job', () => {
    const stale: CheckResult[] = [
      { id: 'question', label: 'Ends with a question', passed: true, fixed: false, detail: 'ok' },
      { id: 'length', label: 'Within', passed: true, fixed: false, detail: '1017 characters.' },
    ];
    const checks = recheckText(stale, '');
    expect(checks.map((check) => check.id)).toEqual([
      'question',
      'empty',
      'length',
      'variables',
      'markers',
    ]);
    expect(byId(checks, 'empty')?.passed).toBe(false);
    expect(byId(checks, 'length')?.detail).toBe('0 characters.');
  });

  it('names every reason a text cannot be sent, and none for a good one', () => {
    expect(sendBlockers('Hi {{client_name}}, can we talk?')).toEqual([
      'Replace or remove {{client_name}} before sending.',
    ]);
    expect(sendBlockers('   ')).toEqual([
      'The draft is empty. Write the response before sending it.',
    ]);
    expect(sendBlockers('Hi Ann, can we talk?')).toEqual([]);
  });

  it('refuses to send a draft with a part left for the freelancer to write', () => {
    const text =
      'Hi Ann,\n\nHow fast can you ship?\n[Add: your answer about how fast you can ship]';
    expect(leftoverMarkers(text)).toEqual(['[Add: your answer about how fast you can ship]']);
    expect(sendBlockers(text)).toEqual([
      'Write this part yourself before sending: [Add: your answer about how fast you can ship].',
    ]);
    expect(sendBlockers(text.replace(/\[Add:[^\]]*\]/, 'Within a week.'))).toEqual([]);
  });

  it('removes placeholders and tidies the spaces they leave', () => {
    expect(leftoverPlaceholders('{{a}} and {{ b }} and {{a}}')).toEqual(['{{a}}', '{{ b }}']);
    expect(removePlaceholders('Hi {{name}}, thanks {{x}} .\n\n\n\n{{sig}}')).toBe('Hi, thanks.');
  });
});
