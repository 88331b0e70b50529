import { PencilLine } from 'lucide-react';
import { useId, type RefObject } from 'react';

import { ADD_MARKER_PATTERN } from '@/contract/response-checks';

/** At most this many markers are listed; a draft with more needs rewriting anyway. */
const MAX_LISTED = 20;

type MarkerSpot = { text: string; start: number; end: number };

/** Every `[Add: …]` marker in the text with where it sits, in order (repeats included). */
export function markerSpots(text: string): MarkerSpot[] {
  return [...text.matchAll(ADD_MARKER_PATTERN)].slice(0, MAX_LISTED).map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * Selects a span of a textarea and brings it into view: the caret is put at the start first and
 * the field focused, so the browser scrolls to it, then the whole span is selected.
 */
function selectSpan(field: HTMLTextAreaElement, { start, end }: MarkerSpot) {
  field.blur();
  field.setSelectionRange(start, start);
  field.focus();
  field.setSelectionRange(start, end);
}

/**
 * The `[Add: …]` markers left in a draft: the parts only the freelancer can write. Each is
 * highlighted with a button that selects it in the text, so typing replaces it.
 */
export function AddMarkers({
  text,
  fieldRef,
}: {
  text: string;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const headingId = useId();
  const spots = markerSpots(text);
  if (spots.length === 0) return null;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50"
    >
      <p id={headingId} className="flex items-center gap-2 font-semibold">
        <PencilLine className="size-4 shrink-0" aria-hidden="true" />
        {spots.length === 1
          ? 'Write this part yourself'
          : `Write these ${spots.length} parts yourself`}
      </p>
      <p className="mt-1">
        Select one, then type your own words over it. Until then it cannot be sent.
      </p>
      <ul className="mt-2 space-y-1">
        {spots.map((spot) => (
          <li key={spot.start} className="flex flex-wrap items-center gap-2">
            <mark className="rounded bg-amber-200 px-1 break-words text-amber-950 dark:bg-amber-300 dark:text-slate-950">
              {spot.text}
            </mark>
            <button
              type="button"
              className="rounded px-2 py-0.5 font-medium text-amber-950 underline underline-offset-2 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700 dark:text-amber-50 dark:hover:bg-amber-900 dark:focus-visible:outline-amber-300"
              aria-label={`Select ${spot.text} in the text`}
              onClick={() => {
                if (fieldRef.current) selectSpan(fieldRef.current, spot);
              }}
            >
              Select
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
