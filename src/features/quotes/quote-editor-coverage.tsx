import { buttonClass } from '@/components/ui/page';
import type { QuoteRequirement } from '@/contract/quotes';

import type { LeftoverMarker } from './quote-editor-text';

const calloutClass =
  'space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100';

/** RFP requirements nothing in the quote answers, each with a way to state it as an assumption. */
export function RequirementsCallout({
  requirements,
  readOnly,
  onAddAssumption,
}: {
  requirements: QuoteRequirement[];
  readOnly: boolean;
  onAddAssumption: (requirement: QuoteRequirement) => void;
}) {
  if (requirements.length === 0) return null;
  return (
    <section aria-labelledby="quote-uncovered-heading" className={calloutClass}>
      <h2 id="quote-uncovered-heading" className="font-semibold">
        {requirements.length === 1
          ? 'One RFP requirement is not covered'
          : `${requirements.length} RFP requirements are not covered`}
      </h2>
      <p>Nothing in the scope, assumptions or pricing answers these yet.</p>
      <ul className="space-y-2">
        {requirements.map((requirement) => (
          <li key={requirement.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 grow">{requirement.text}</span>
            {readOnly ? null : (
              <button
                type="button"
                className={`${buttonClass.secondary} px-2 py-1 text-xs`}
                aria-label={`Add to assumptions: ${requirement.text}`}
                onClick={() => onAddAssumption(requirement)}
              >
                Add to assumptions
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The `[Add: …]` markers still in the quote, with where each one is. */
export function MarkersCallout({ markers }: { markers: LeftoverMarker[] }) {
  if (markers.length === 0) return null;
  return (
    <section aria-labelledby="quote-markers-heading" className={calloutClass}>
      <h2 id="quote-markers-heading" className="font-semibold">
        Write these parts yourself before sending
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        {markers.map((found, index) => (
          <li key={`${found.where}-${index}`}>
            <span className="font-medium">{found.where}:</span> {found.marker}
          </li>
        ))}
      </ul>
    </section>
  );
}
