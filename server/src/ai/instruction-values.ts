/*
 * What an instruction in a job post asks the reply to contain, read with a small scanner rather
 * than one large pattern: "start your reply with the word orange", "include 'blue whale'",
 * "end with 🦄", "begin by telling me your favourite dessert". Shared by the client-ask reader
 * (to follow them) and the trap reader (to check a draft never did what a trap asked).
 */

export type Position = 'start_with' | 'include' | 'end_with';

/** A literal to write (a word, phrase, code or emoji), or a description of what to answer. */
export type AskedValue =
  /** `explicit`: quoted, an emoji, or named as "the word …", so surely a literal to write. */
  { literal: true; value: string; explicit: boolean } | { literal: false; value: string };

/** `replyNamed`: the sentence speaks of the reply itself ("your proposal", "your first line"). */
export type Demand = { position: Position; asked: AskedValue; replyNamed: boolean };

const OPEN_QUOTES = '"\'“‘`«„';
const CLOSE_FOR: Record<string, string> = {
  '"': '"”',
  "'": "'’",
  '“': '”"',
  '‘': "’'",
  '`': '`',
  '«': '»',
  '„': '“"',
};

const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator})/u;
const EMOJI_PART = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\u200D|\uFE0F|\p{M})/u;

/** Words that start a description of the answer rather than the literal to write. */
const DESCRIPTIVE_STARTS = new Set(
  'a an the your my our some any how what why which who when where whether telling saying answering sharing naming stating explaining describing listing giving mentioning letting something one two three this that these those'.split(
    ' ',
  ),
);

/** Words after a bare literal that end it: "start with orange so I know …". */
const LITERAL_ENDERS = new Set(
  'so to in at as when if because then and or please somewhere anywhere on for otherwise'.split(
    ' ',
  ),
);

const MARKER_WORDS =
  /^(?:the\s+|a\s+)?(?:(?:secret|magic|code|key|special|following|exact|same)\s+)?(word|phrase|code ?word|code|keyword|term|password|passphrase|emoji|sentence|line|greeting|text)s?\b\s*(?:of\s+)?[:\-–—]?\s*/i;

function readQuoted(rest: string): string | null {
  const open = rest.charAt(0);
  if (!OPEN_QUOTES.includes(open)) return null;
  const closers = CLOSE_FOR[open] ?? open;
  for (let i = 1; i < Math.min(rest.length, 120); i++) {
    const ch = rest.charAt(i);
    if (!closers.includes(ch)) continue;
    // An apostrophe inside a word ("don't") does not close a single quote.
    if ((ch === "'" || ch === '’') && /\p{L}/u.test(rest.charAt(i + 1))) continue;
    const value = rest.slice(1, i).trim();
    return value.length > 0 ? value : null;
  }
  return null;
}

function readEmoji(rest: string): string | null {
  if (!EMOJI.test(rest)) return null;
  let end = 0;
  const chars = [...rest];
  while (end < chars.length && EMOJI_PART.test(chars[end]!)) end++;
  return chars.slice(0, end).join('');
}

/** The next run of word characters (letters, digits, #, -, _, ., @ inside a code). */
function readWord(rest: string): string {
  const match = /^[#@]?[\p{L}\p{N}][\p{L}\p{N}_\-.#]{0,40}/u.exec(rest);
  return match ? match[0].replace(/(?<![.-])[.-]+$/, '') : '';
}

/** Up to `maxWords` words, stopping at punctuation or a word that ends a literal. */
function readPhrase(rest: string, maxWords: number): string {
  const words: string[] = [];
  let remaining = rest;
  while (words.length < maxWords) {
    const word = readWord(remaining);
    if (!word) break;
    if (words.length > 0 && LITERAL_ENDERS.has(word.toLowerCase())) break;
    words.push(word);
    remaining = remaining.slice(word.length);
    if (!/^ [^\s]/.test(remaining)) break;
    remaining = remaining.slice(1);
  }
  return words.join(' ');
}

function looksLikeCode(word: string): boolean {
  return (
    /\d/.test(word) ||
    /^[#@]/.test(word) ||
    (word.length >= 2 && word === word.toUpperCase() && /\p{Lu}/u.test(word))
  );
}

const ANSWER_LEAD =
  /^(?:telling|tell|answering|answer|sharing|share|naming|name|stating|state|saying|say|explaining|explain|describing|describe|listing|list|giving|give|mentioning|mention|letting|let)\s+(?:(?:me|us)\s+(?:know\s+)?)?(?:about\s+)?/i;

/** The description that follows a trigger, up to the end of the clause. */
function readDescription(input: string): string {
  const rest = input.replace(ANSWER_LEAD, '');
  const end = rest.search(
    /[.;!?\n]|,\s*(?:so|to|and)\b|\s(?:so that|so (?:i|we)|to (?:show|prove|confirm))\b|\s(?:in|at|on|as)\s+(?:the|your)\s+(?:very\s+)?(?:first|top|start|beginning|opening|last|end|bottom)\b/i,
  );
  return (end === -1 ? rest : rest.slice(0, end)).trim().slice(0, 100);
}

/**
 * The value that starts `rest` (the text right after "with", "include", …): a quoted string, an
 * emoji, "the word X", a code or lone word, or else a description of what to answer.
 */
export function readAskedValue(rest: string): AskedValue | null {
  let text = rest.replace(/^[\s:\-–—]+/, '');
  let marked = false;
  const marker = MARKER_WORDS.exec(text);
  if (marker) {
    marked = true;
    text = text.slice(marker[0].length);
  }
  // "a 🦄 emoji", "the 'blue' sticker": an article before a quoted value or an emoji.
  const article = /^(?:an?|the)\s+/i.exec(text);
  if (
    article &&
    /^["'“‘`«„]|^(?:\p{Extended_Pictographic}|\p{Regional_Indicator})/u.test(
      text.slice(article[0].length),
    )
  )
    text = text.slice(article[0].length);
  const quoted = readQuoted(text);
  if (quoted) return { literal: true, value: quoted, explicit: true };
  const emoji = readEmoji(text);
  if (emoji) return { literal: true, value: emoji, explicit: true };
  const markerKind = marker?.[1]?.toLowerCase() ?? '';
  if (marked) {
    const phrase =
      markerKind === 'phrase' || markerKind === 'sentence' || markerKind === 'line'
        ? readPhrase(text, 8)
        : readWord(text);
    if (phrase) return { literal: true, value: phrase, explicit: true };
  }
  const word = readWord(text);
  if (!word) return null;
  if (DESCRIPTIVE_STARTS.has(word.toLowerCase())) {
    const description = readDescription(text);
    return description ? { literal: false, value: description } : null;
  }
  const after = text.slice(word.length);
  const nextWord = readWord(after.trimStart()).toLowerCase();
  const endsHere =
    after.trim() === '' || /^\s*[.,;:!?)]/.test(after) || LITERAL_ENDERS.has(nextWord);
  if (looksLikeCode(word) || endsHere) return { literal: true, value: word, explicit: false };
  const description = readDescription(text);
  return description ? { literal: false, value: description } : null;
}

const REPLY_NOUN =
  '(?:proposals?|applications?|repl(?:y|ies)|responses?|cover letters?|letters?|bids?|messages?|answers?|pitch(?:es)?|notes?|submissions?|emails?|it)';
const DETERMINER = '(?:(?:your|the|each|every|this|that|my|their|his|her|its|our|any)\\s+)?';

type Trigger = { pattern: RegExp; position: Position; valueBefore?: boolean };

/*
 * Each trigger ends right where the asked value starts (or, for `valueBefore`, the value sits
 * between the verb and a position phrase: "put 'blue' at the top"). Gaps are bounded.
 */
const TRIGGERS: Trigger[] = [
  {
    pattern: new RegExp(
      `\\b(?:start|begin|open|preface|lead|kick off|commence)(?:\\s+off)?\\s+(?:${DETERMINER}${REPLY_NOUN}\\s+)?(?:off\\s+)?(?:with|by)\\b`,
      'i',
    ),
    position: 'start_with',
  },
  {
    pattern: new RegExp(
      `\\b${REPLY_NOUN}\\s+(?:should|must|has to|needs to|will need to|is to|ought to)\\s+(?:start|begin|open)\\s+(?:with|by)\\b`,
      'i',
    ),
    position: 'start_with',
  },
  {
    pattern:
      /\b(?:first|opening)\s+(?:word|line|sentence|thing)\s+(?:of\s+(?:your|the)\s+(?:proposals?|applications?|repl(?:y|ies)|responses?|cover letters?|letters?|bids?|messages?|answers?|pitch(?:es)?|notes?|submissions?|emails?)\s+)?(?:should|must|has to|needs to|will need to|is to)\s+be\b/i,
    position: 'start_with',
  },
  {
    pattern:
      /\b(?:in|at|on)\s+(?:the|your)\s+(?:very\s+)?(?:first\s+(?:line|sentence|word|paragraph)|top|start|beginning|opening)(?:\s+of\s+(?:your|the)\s+(?:proposals?|applications?|repl(?:y|ies)|responses?|cover letters?|letters?|bids?|messages?|answers?|pitch(?:es)?|notes?|submissions?|emails?))?(?:\s*,\s*|\s+)(?:please\s+)?(?:write|put|type|say|mention|include|use|add|tell me|tell us|answer|share|name|state|let me know|let us know)\b/i,
    position: 'start_with',
  },
  {
    pattern:
      /\b(?:make|let|have)\s+(?:the\s+)?(?:very\s+)?(?:first|opening)\s+(?:words?|lines?|sentences?)(?:\s+of\s+(?:your|the)\s+(?:proposals?|applications?|repl(?:y|ies)|responses?|cover letters?|letters?|bids?|messages?|answers?|pitch(?:es)?|notes?|submissions?|emails?))?(?:\s+be)?\b/i,
    position: 'start_with',
  },
  {
    pattern:
      /\banswer\s+(?:this|the following|these|my|one)(?:\s+(?:questions?|first))?(?:\s+(?:first|at the top|up front|upfront|before anything else))?(?:\s+(?:in|at the top of)\s+(?:your|the)\s+(?:proposals?|applications?|repl(?:y|ies)|responses?|cover letters?|letters?|bids?|messages?|answers?|pitch(?:es)?|notes?|submissions?|emails?))?\s*:/i,
    position: 'start_with',
  },
  {
    pattern: new RegExp(
      `\\b(?:end|finish|close|conclude|wrap up|sign off)\\s+(?:${DETERMINER}${REPLY_NOUN}\\s+)?(?:with|by)\\b`,
      'i',
    ),
    position: 'end_with',
  },
  {
    pattern:
      /\b(?:last|final|closing)\s+(?:word|line|sentence)\s+(?:of\s+(?:your|the)\s+(?:proposals?|applications?|repl(?:y|ies)|responses?|cover letters?|letters?|bids?|messages?|answers?|pitch(?:es)?|notes?|submissions?|emails?)\s+)?(?:should|must|has to|needs to|is to)\s+be\b/i,
    position: 'end_with',
  },
  {
    pattern: new RegExp(
      `\\b${REPLY_NOUN}\\s+(?:should|must|has to|needs to|will need to|is to)\\s+(?:include|contain|mention|have|use|feature)\\b`,
      'i',
    ),
    position: 'include',
  },
  {
    pattern:
      /\b(?:include|mention|use|add|put|write|type|insert|say|drop|state|spell out|reference)\b(?:\s+(?:somewhere|anywhere))?/i,
    position: 'include',
  },
  {
    pattern: /\b(?:tell|share with|let)\s+(?:me|us)(?:\s+know)?\b/i,
    position: 'include',
  },
];

const POSITION_AFTER_VALUE: Array<{ pattern: RegExp; position: Position }> = [
  {
    pattern:
      /^\s*(?:at|on|in)\s+the\s+(?:very\s+)?(?:top|start|beginning|first line)\b|^\s*as\s+(?:the|your)\s+(?:very\s+)?(?:first|opening)\s+(?:words?|lines?|sentences?)\b|^\s*(?:in|on)\s+(?:the|your)\s+(?:very\s+)?first\s+(?:line|sentence|words?)\b|^\s*first\b/i,
    position: 'start_with',
  },
  {
    pattern:
      /^\s*(?:at|on|in)\s+the\s+(?:very\s+)?(?:end|bottom|last line)\b|^\s*as\s+(?:the|your)\s+(?:very\s+)?(?:last|final|closing)\s+(?:words?|lines?|sentences?)\b/i,
    position: 'end_with',
  },
];

const REPLY_NAMED = new RegExp(
  `\\b(?:your|the|my)\\s+(?:${REPLY_NOUN.slice(3, -1)})\\b|\\b(?:first|last|opening|closing)\\s+(?:word|line|sentence)\\b`,
  'i',
);

const NEGATION = /\b(?:don'?t|do not|never|avoid|no need to|without|not)\s+(?:\S+\s+){0,2}$/i;

/** Where a position phrase follows the value ("'blue' at the top"), that position wins. */
function positionAfter(rest: string, value: string): Position | null {
  const index = rest.indexOf(value);
  if (index === -1) return null;
  const tail = rest
    .slice(index + value.length)
    .replace(/^["'”’`»]/, '')
    .replace(
      /^\s+of\s+(?:your|the)\s+(?:proposal|reply|application|response|message|cover letter)/i,
      '',
    );
  return POSITION_AFTER_VALUE.find((p) => p.pattern.test(tail))?.position ?? null;
}

const GLOBAL_TRIGGERS = TRIGGERS.map((trigger) => ({
  ...trigger,
  pattern: new RegExp(trigger.pattern.source, 'gi'),
}));

/** The demand one trigger match makes, or null when nothing follows it or it is negated. */
function demandAt(sentence: string, match: RegExpExecArray, position: Position): Demand | null {
  if (NEGATION.test(sentence.slice(Math.max(0, match.index - 30), match.index))) return null;
  const rest = sentence.slice(match.index + match[0].length);
  // "Start your proposal by telling me …": always a description of the answer.
  const asksAnswer =
    /\bby$/i.test(match[0]) ||
    /(?:tell me|tell us|answer|share|name|know|share with me|share with us|:)$/i.test(match[0]);
  const asked = readAskedValue(rest);
  if (!asked) return null;
  const replyNamed = REPLY_NAMED.test(sentence);
  if (asksAnswer && asked.literal && !asked.explicit) {
    const value = readDescription(rest.trim());
    const moved = positionAfter(rest, value);
    return { position: moved ?? position, asked: { literal: false, value }, replyNamed };
  }
  const moved = positionAfter(rest, asked.value);
  return { position: moved ?? position, asked, replyNamed };
}

/**
 * What the sentence asks the reply to start with, include or end with: a literal to write where
 * there is one ("write this, say 'blue moon'" asks for "blue moon"), else the first ask found.
 */
export function readDemand(sentence: string): Demand | null {
  let first: Demand | null = null;
  for (const trigger of GLOBAL_TRIGGERS) {
    for (const match of sentence.matchAll(trigger.pattern)) {
      const demand = demandAt(sentence, match, trigger.position);
      if (!demand) continue;
      if (demand.asked.literal && demand.asked.explicit) return demand;
      first ??= demand;
    }
  }
  return first;
}
