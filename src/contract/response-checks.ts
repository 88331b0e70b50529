import { COVER_LETTER_LIMIT, type CheckResult, type ResponseStatus } from './responses.ts';

/** `{{...}}` left in a draft: a template variable nothing filled. */
const PLACEHOLDER_PATTERN = /\{\{[^{}]*\}\}/g;

/**
 * `[Add: …]` left in a draft: something only the freelancer can write (an answer the profile and
 * portfolio cannot give). Drafters write these instead of inventing; the editor highlights them.
 */
export const ADD_MARKER_PATTERN = /\[Add:[^[\]]*\]/g;

/** A marker asking the freelancer to write something, e.g. "[Add: your answer about …]". */
export const addMarker = (what: string) => `[Add: ${what.replace(/[[\]]/g, '')}]`;

/** Checks the text alone can answer, so they run on every edit, on save and before sending. */
export const TEXT_CHECK_IDS = ['empty', 'length', 'variables', 'markers'] as const;
export type TextCheckId = (typeof TEXT_CHECK_IDS)[number];

/** Statuses that say the response went to the client: only a sendable text may reach them. */
export const SENT_STATUSES: readonly ResponseStatus[] = [
  'sent',
  'viewed',
  'replied',
  'interview',
  'hired',
];

export const lengthLabel = (limit = COVER_LETTER_LIMIT) =>
  `Within ${limit.toLocaleString('en-US')} characters`;

/** The placeholders left in a text, in order of first appearance, without duplicates. */
export function leftoverPlaceholders(text: string): string[] {
  return [...new Set(text.match(PLACEHOLDER_PATTERN) ?? [])];
}

/** One line with runs of spaces collapsed and no space left before a punctuation mark. */
function tidyLine(line: string): string {
  return line
    .split(' ')
    .filter((word) => word !== '')
    .reduce((acc, word) => {
      if (acc === '') return word;
      return ',.!?'.includes(word.charAt(0)) ? acc + word : `${acc} ${word}`;
    }, '');
}

/** The text without any `{{...}}` placeholder, with the spaces around a removed one tidied. */
export function removePlaceholders(text: string): string {
  return text
    .replace(PLACEHOLDER_PATTERN, '')
    .split('\n')
    .map(tidyLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function emptyCheck(text: string): CheckResult {
  const empty = text.trim() === '';
  return {
    id: 'empty',
    label: 'Not empty',
    passed: !empty,
    fixed: false,
    detail: empty ? 'The draft is empty. Write the response before sending it.' : 'Has text.',
  };
}

function lengthCheck(text: string): CheckResult {
  const over = text.length - COVER_LETTER_LIMIT;
  return {
    id: 'length',
    label: lengthLabel(),
    passed: over <= 0,
    fixed: false,
    detail:
      over <= 0
        ? `${text.length.toLocaleString('en-US')} characters.`
        : `${text.length.toLocaleString('en-US')} characters: ${over.toLocaleString('en-US')} over Upwork's limit. Shorten it before sending.`,
  };
}

function variablesCheck(text: string): CheckResult {
  const left = leftoverPlaceholders(text);
  return {
    id: 'variables',
    label: 'No template variables left',
    passed: left.length === 0,
    fixed: false,
    detail:
      left.length === 0
        ? 'No {{…}} placeholders.'
        : `Replace or remove ${left.join(', ')} before sending.`,
  };
}

/** The `[Add: …]` markers left in a text, in order, without duplicates. */
export function leftoverMarkers(text: string): string[] {
  return [...new Set(text.match(ADD_MARKER_PATTERN) ?? [])];
}

function markersCheck(text: string): CheckResult {
  const left = leftoverMarkers(text);
  return {
    id: 'markers',
    label: 'Nothing left for you to add',
    passed: left.length === 0,
    fixed: false,
    detail:
      left.length === 0
        ? 'No [Add: …] markers.'
        : `Write ${left.length === 1 ? 'this part' : `these ${left.length} parts`} yourself before sending: ${left.join(', ')}.`,
  };
}

/** The text checks of a draft, as they stand now. */
export function textChecks(text: string): CheckResult[] {
  return [emptyCheck(text), lengthCheck(text), variablesCheck(text), markersCheck(text)];
}

/**
 * The checks of a draft after its text changed: the text checks are run again on the new text,
 * the others (about the job, made when it was generated) are kept as they were.
 */
export function recheckText(previous: readonly CheckResult[], text: string): CheckResult[] {
  const textIds: readonly string[] = TEXT_CHECK_IDS;
  return [...previous.filter((check) => !textIds.includes(check.id)), ...textChecks(text)];
}

/** Why a text cannot be sent to the client (empty, too long, placeholders left); none if it can. */
export function sendBlockers(text: string): string[] {
  return textChecks(text)
    .filter((check) => !check.passed)
    .map((check) => check.detail);
}

/** The 400 answer's message when a response that cannot be sent is moved to a sent status. */
export const notSendableMessage = (reasons: readonly string[]) =>
  `This response cannot be marked sent yet. ${reasons.join(' ')}`;
