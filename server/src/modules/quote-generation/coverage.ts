import type { QuoteDocument, QuoteRequirement } from '#contract/quotes';
import { addMarker } from '#contract/response-checks';

import { missingRequirements } from './offline-quote.ts';

const ASSUMPTIONS_MAX = 200;

/**
 * No requirement is ever dropped: each one the quote does not answer (no scope entry or assumption
 * names it) is added as an assumption with an `[Add: …]` marker, so the freelancer prices it or
 * says it is out of scope before sending. Returns the requirements that had to be added.
 */
export function coverEveryRequirement(
  document: QuoteDocument,
  requirements: readonly QuoteRequirement[],
): { document: QuoteDocument; added: QuoteRequirement[] } {
  const added = missingRequirements(document, requirements);
  if (added.length === 0) return { document, added };
  // The added entries always fit: older assumptions give way first.
  const assumptions = [
    ...document.assumptions.slice(0, Math.max(0, ASSUMPTIONS_MAX - added.length)),
    ...added.map((requirement) => ({
      text: `${addMarker('price this or move it out of scope')} From the RFP: ${requirement.text}`.slice(
        0,
        2_000,
      ),
      requirementIds: [requirement.id],
    })),
  ];
  return { document: { ...document, assumptions: assumptions.slice(0, ASSUMPTIONS_MAX) }, added };
}

/** The checking step's words: "Every requirement is in scope" or "2 requirements not covered: …". */
export function coverageDetail(added: readonly QuoteRequirement[], total: number): string {
  if (total === 0) return 'No requirements to check';
  if (added.length === 0) return 'Every requirement is in scope';
  const names = added
    .slice(0, 3)
    .map((requirement) => `“${requirement.text.slice(0, 80)}”`)
    .join(', ');
  const more = added.length > 3 ? ` and ${added.length - 3} more` : '';
  const count = added.length === 1 ? '1 requirement' : `${added.length} requirements`;
  return `${count} not covered: ${names}${more}. Added as assumptions to price or exclude`;
}
