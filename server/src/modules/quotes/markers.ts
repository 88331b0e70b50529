import type { QuoteDocument } from '#contract/quotes';
import { leftoverMarkers } from '#contract/response-checks';

import { HttpError } from '../../http-error.ts';

/** Every text of the document a client reads, for the [Add: …] check. */
function documentTexts(document: QuoteDocument): string[] {
  return [
    document.title,
    document.clientName,
    document.summary,
    document.understanding,
    document.timeline,
    document.terms,
    ...document.scope.in.map((item) => item.text),
    ...document.scope.out.map((item) => item.text),
    ...document.assumptions.map((item) => item.text),
    ...document.deliverables.flatMap((item) => [item.title, item.description]),
    ...document.milestones.map((item) => item.name),
    ...document.risks.flatMap((item) => [item.risk, item.mitigation]),
    ...document.lineItems.flatMap((item) => [item.label, item.description]),
  ];
}

/** The distinct [Add: …] markers still in the document. */
export function quoteMarkers(document: QuoteDocument): string[] {
  return [...new Set(documentTexts(document).flatMap(leftoverMarkers))];
}

/** A quote with [Add: …] parts left cannot reach the client (marked sent or shared). */
export function refuseQuoteMarkers(document: QuoteDocument, doing: string): void {
  const markers = quoteMarkers(document);
  if (markers.length === 0) return;
  const parts = markers.length === 1 ? '[Add: …] part' : `${markers.length} [Add: …] parts`;
  throw new HttpError(400, 'markers_left', `Fill in the ${parts} before ${doing}.`, {
    markers,
  });
}
