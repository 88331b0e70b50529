import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { apiErrorSchema } from '@/contract/errors';
import type { Quote } from '@/contract/quotes-api';
import { quoteDocumentSchema, type QuoteDocument } from '@/contract/quotes';

import { useUpdateQuoteMutation } from './quote-editor.api';

/** How long edits must pause before the quote is saved. */
export const QUOTE_AUTOSAVE_DELAY_MS = 800;

/**
 * Where the edits stand against what is stored. `conflict`: another tab saved first, so nothing
 * is overwritten until the page reloads; `locked`: the client accepted meanwhile; `invalid`: a
 * field needs fixing before anything can be saved.
 */
export type QuoteSaveState =
  'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'conflict' | 'locked' | 'invalid';

/** Field errors by path ("lineItems.0.label"), from the contract's own schema. */
export type FieldErrors = Record<string, string>;

/** What the contract refuses in the document, by field path; empty when it can be saved. */
export function quoteFieldErrors(document: QuoteDocument): FieldErrors {
  const parsed = quoteDocumentSchema.safeParse(document);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= friendlyMessage(issue);
  }
  return errors;
}

/** The schema's message in the words of the screen, where the schema's own is technical. */
function friendlyMessage(issue: {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
}): string {
  const field = issue.path.at(-1);
  if (field === 'validUntil' || field === 'dueDate') return 'Pick a date.';
  if (issue.code === 'too_small' && issue.origin === 'string') return 'Write something here.';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'This is too long.';
  return issue.message;
}

/** The error code of a failed request, or null for a network failure. */
function failureCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const parsed = apiErrorSchema.safeParse((error as { data: unknown }).data);
  return parsed.success ? parsed.data.error.code : null;
}

type Failure = { kind: 'failed' | 'conflict' | 'locked'; json: string };

/**
 * Saves the document once edits pause, one save at a time, always from the version the edits
 * started on: a stale version is refused by the server and never retried blindly. Fields the
 * schema refuses (or that `blocked` names, such as a rate that is not a number) hold saving back.
 */
export function useQuoteAutosave(input: {
  quoteId: string;
  document: QuoteDocument;
  initialVersion: number;
  blocked: boolean;
  readOnly: boolean;
}) {
  const { quoteId, document, initialVersion, blocked, readOnly } = input;
  const [update] = useUpdateQuoteMutation();
  const json = useMemo(() => JSON.stringify(document), [document]);
  const [savedJson, setSavedJson] = useState(json);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const version = useRef(initialVersion);
  const latest = useRef({ document, json });
  const inFlight = useRef(false);
  useEffect(() => {
    latest.current = { document, json };
  }, [document, json]);

  const errors = useMemo(() => quoteFieldErrors(document), [document]);
  const valid = Object.keys(errors).length === 0 && !blocked;
  const dirty = json !== savedJson;
  const stopped = failure?.kind === 'conflict' || failure?.kind === 'locked';

  const save = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setSaving(true);
    const sent = latest.current;
    const result = await update({
      id: quoteId,
      body: { document: sent.document, baseVersion: version.current },
    });
    inFlight.current = false;
    setSaving(false);
    if ('error' in result) {
      const code = failureCode(result.error);
      const kind =
        code === 'version_conflict' ? 'conflict' : code === 'quote_locked' ? 'locked' : 'failed';
      setFailure({ kind, json: sent.json });
      return false;
    }
    const saved: Quote = result.data;
    version.current = saved.version;
    setFailure(null);
    setSavedJson(sent.json);
    setSavedAt(new Date());
    return true;
  }, [update, quoteId]);

  const waiting = dirty && valid && !readOnly && !stopped && json !== failure?.json;
  useEffect(() => {
    if (!waiting || saving) return undefined;
    const timer = window.setTimeout(() => void save(), QUOTE_AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, saving, json, save]);

  /** Saves now if anything is unsaved; false when it could not be saved. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (!dirty) return true;
    if (!valid || stopped || readOnly) return false;
    return save();
  }, [dirty, valid, stopped, readOnly, save]);

  /** Takes a document the server already holds (after a status change) as saved, at `next`. */
  const adopt = useCallback((saved: QuoteDocument, nextVersion: number) => {
    version.current = nextVersion;
    setSavedJson(JSON.stringify(saved));
  }, []);

  let state: QuoteSaveState;
  if (saving) state = 'saving';
  else if (failure && failure.kind !== 'failed') state = failure.kind;
  else if (!dirty) state = savedAt ? 'saved' : 'idle';
  else if (!valid) state = 'invalid';
  else if (failure?.kind === 'failed' && failure.json === json) state = 'failed';
  else state = 'pending';

  return { state, savedAt, errors, dirty, retry: save, flush, adopt };
}
