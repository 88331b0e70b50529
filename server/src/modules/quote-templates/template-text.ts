import type { QuoteTemplateContent } from '#contract/quote-templates';

/**
 * A quote template as plain text, kept in the `body` column so search finds a template by any
 * of its words: the sections, the assumptions and the default lines.
 */
export function quoteTemplateText(content: QuoteTemplateContent): string {
  const parts: string[] = [
    content.summary,
    content.understanding,
    content.timeline,
    content.terms,
    ...content.assumptions,
    ...content.lineItems.map((line) =>
      line.description ? `${line.label}: ${line.description}` : line.label,
    ),
  ];
  return parts
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .join('\n\n');
}
