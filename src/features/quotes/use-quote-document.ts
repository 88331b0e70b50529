import { useCallback, useState } from 'react';

import type { QuoteDocument, QuoteRequirement } from '@/contract/quotes';

/**
 * The quote being edited, and the fields whose typed text is not a value yet (a rate of "12,5x"):
 * those hold saving back until fixed, while the document keeps its last good value.
 */
export function useQuoteDocument(initial: QuoteDocument) {
  const [doc, setDoc] = useState(initial);
  const [invalid, setInvalid] = useState<Record<string, string>>({});

  const update = useCallback(
    (change: (current: QuoteDocument) => QuoteDocument) => setDoc(change),
    [],
  );

  const markInvalid = useCallback((key: string, message: string | null) => {
    setInvalid((current) => {
      if (message === null) {
        if (!(key in current)) return current;
        const { [key]: _fixed, ...rest } = current;
        return rest;
      }
      return current[key] === message ? current : { ...current, [key]: message };
    });
  }, []);

  /** States an uncovered requirement as an assumption that names it. */
  const addAssumption = useCallback((requirement: QuoteRequirement) => {
    setDoc((current) => ({
      ...current,
      assumptions: [
        ...current.assumptions,
        { text: requirement.text, requirementIds: [requirement.id] },
      ],
    }));
  }, []);

  return {
    doc,
    setDoc,
    update,
    invalid,
    hasInvalid: Object.keys(invalid).length > 0,
    markInvalid,
    addAssumption,
  };
}
