import { describe, expect, it } from 'vitest';

import type { GenerationEvent } from '@/contract/responses';

import {
  applyVariantEvent,
  emptyVariant,
  variantText,
  type VariantMap,
} from './generation-variants';

const RESPONSE_ID = '11111111-1111-4111-8111-111111111111';

function apply(events: GenerationEvent[]): VariantMap {
  return events.reduce<VariantMap>(applyVariantEvent, {});
}

describe('applyVariantEvent', () => {
  it('starts one empty variant per requested variant with its response id', () => {
    const variants = apply([
      {
        type: 'start',
        data: {
          offline: true,
          model: 'offline',
          variants: ['A', 'B'],
          responseIds: { A: RESPONSE_ID },
        },
      },
    ]);
    expect(variants).toEqual({
      A: { ...emptyVariant(), responseId: RESPONSE_ID },
      B: { ...emptyVariant(), responseId: null },
    });
  });

  it('updates a step in place and restarts the streamed text when the agent step changes', () => {
    const variants = apply([
      { type: 'step', data: { variant: 'A', id: 'read', label: 'Reading', status: 'running' } },
      { type: 'text', data: { variant: 'A', step: 0, delta: 'Plan ' } },
      { type: 'text', data: { variant: 'A', step: 0, delta: 'one' } },
      { type: 'step', data: { variant: 'A', id: 'read', label: 'Reading', status: 'done' } },
      { type: 'text', data: { variant: 'A', step: 1, delta: 'Draft' } },
    ] as GenerationEvent[]);
    expect(variants.A?.steps.map((step) => step.status)).toEqual(['done']);
    expect(variantText(variants.A)).toBe('Draft');
  });

  it('leaves the variants alone for events that do not concern one', () => {
    const before = apply([{ type: 'text', data: { variant: 'A', step: 0, delta: 'x' } }]);
    expect(applyVariantEvent(before, { type: 'end', data: { stopped: true } })).toBe(before);
  });
});
