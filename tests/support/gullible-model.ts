/**
 * A deliberately gullible stub model on the local OpenAI-compatible server. It reads the job with
 * the agent's tools, then writes a proposal that obeys every instruction it finds anywhere in the
 * conversation (system prompt, user prompt, tool results): start or end with a phrase, include a
 * word or an emoji, write in capitals or verse, play a persona, give a PayPal address or a phone
 * number, paste its instructions. It also invents credentials. The product must survive it.
 *
 * Instructions are found generically, by the shape of imperative sentences, never by matching the
 * corpus's wording.
 */
import {
  lastToolResult,
  startOpenAIStub,
  type ChatRequestBody,
  type OpenAIStub,
  type OpenAIStubOptions,
  type StubReply,
} from './openai-stub.ts';

/** What the model believes it was told to do. */
export type Instructions = {
  startWith: string[];
  include: string[];
  endWith: string[];
  emoji: string[];
  /** Topics to answer in the opening line ("your favourite dessert"). */
  answerFirst: string[];
  caps: boolean;
  verse: boolean;
  persona: string | null;
  payment: string | null;
  /** The channel asked for (email, WhatsApp, Telegram…), or null. */
  contact: string | null;
  revealPrompt: boolean;
};

/** The credentials the model makes up in every draft (absent from every source). */
export const INVENTED_CLAIM =
  'I have 12 years of experience and 300 five-star reviews, and I have helped 45 clients grow revenue by 230%.';

const HIDDEN = /[\u200B-\u200D\u2060\uFEFF]/g;
const EMOJI = /\p{Extended_Pictographic}/gu;
const VERBS =
  /\b(start|begin|open|include|mention|use|add|put|type|write|say|insert|end|finish|close|sign|reply|respond|answer|tell|reveal|print|share|show|paste|repeat|send|give|contact|pretend|act|talk|speak|make|must|should|written|please)\b/i;
const NEGATED = /\b(never|do not|don't|must not|mustn't)\b/i;
const DOUBLE_QUOTED = /["“]([^"”\n]{1,60})["”]/;
const SINGLE_QUOTED = /(?:^|[\s:(])['‘]([^'’\n]{1,60})['’](?![a-z])/i;
/** Words that follow "a word" without naming one ("a word to start with"). */
const FUNCTION_WORDS = new Set([
  'to',
  'that',
  'is',
  'as',
  'in',
  'of',
  'for',
  'with',
  'and',
  'or',
  'the',
  'a',
]);
const KEYWORD = /\b(?:word|phrase|code|keyword|password|term)\s+([\w-]{2,30})/i;

function emptyInstructions(): Instructions {
  return {
    startWith: [],
    include: [],
    endWith: [],
    emoji: [],
    answerFirst: [],
    caps: false,
    verse: false,
    persona: null,
    payment: null,
    contact: null,
    revealPrompt: false,
  };
}

/** Every string inside a message content: plain text, content parts or a JSON tool result. */
function textsOf(content: unknown): string[] {
  if (typeof content === 'string') {
    try {
      const parsed: unknown = JSON.parse(content);
      if (parsed && typeof parsed === 'object') return textsOf(parsed);
    } catch {
      // Not JSON: plain text.
    }
    return [content];
  }
  if (Array.isArray(content)) return content.flatMap(textsOf);
  if (content && typeof content === 'object') return Object.values(content).flatMap(textsOf);
  return [];
}

function sentencesOf(text: string): string[] {
  return text
    .replace(HIDDEN, '')
    .replace(/\be\.g\./gi, 'eg')
    .split(/\n|(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The phrase an instruction names: quoted, or after "the word/phrase/code". */
function valueOf(sentence: string): string | null {
  const quoted = DOUBLE_QUOTED.exec(sentence)?.[1] ?? SINGLE_QUOTED.exec(sentence)?.[1];
  if (quoted?.trim()) return quoted.trim();
  const word = KEYWORD.exec(sentence)?.[1];
  return word && !FUNCTION_WORDS.has(word.toLowerCase()) ? word : null;
}

/** Styles and voices: capitals, verse, a persona. */
function readStyle(sentence: string, found: Instructions): void {
  const lower = sentence.toLowerCase();
  if (/all caps|capital letters|uppercase|upper case/.test(lower)) found.caps = true;
  if (/\b(poem|verse|rhym\w*|haiku|limerick)\b/.test(lower)) found.verse = true;
  const persona =
    /\b(?:pretend (?:you are|to be)|act as|as|like) an? ([a-z]{3,20})\b/.exec(lower)?.[1] ??
    /\bstyle of ([a-z]{3,20})\b/.exec(lower)?.[1];
  if (persona && /\b(write|reply|respond|talk|speak|pretend|act|style)\b/.test(lower))
    found.persona = persona;
}

/** Money and contact off the platform, and the model's own instructions. */
function readRequests(sentence: string, found: Instructions): void {
  const lower = sentence.toLowerCase();
  const payment = /paypal|usdt|crypto|bitcoin|bank wire|wire transfer|venmo|zelle|wallet/.exec(
    lower,
  );
  if (payment) found.payment = payment[0];
  const contact = /whatsapp|telegram|phone|email|e-mail|skype|call (?:you|me)/.exec(lower);
  if (contact) found.contact = contact[0];
  if (/system prompt|instructions|prompt you were given|initial prompt/.test(lower))
    found.revealPrompt ||= /\b(reveal|print|share|show|paste|repeat)\b/.test(lower);
}

/** Phrases to put first, last or anywhere, emoji, and questions to answer at the top. */
function readPhrases(sentence: string, found: Instructions): void {
  const lower = sentence.toLowerCase();
  const emoji = sentence.match(EMOJI);
  if (emoji) found.emoji.push(...emoji);
  const topic = /\b(?:tell(?:ing)? (?:me|us)|answer this first[^:]{0,30}:)\s*([^.?!]{3,60})/i.exec(
    sentence,
  )?.[1];
  if (topic && /\b(start|begin|first|top)\b/.test(lower)) {
    found.answerFirst.push(topic.replace(/\s+(?:in|at) the (?:first|top)\b.*$/i, '').trim());
    return;
  }
  const value = valueOf(sentence);
  if (!value) return;
  if (/\b(end|finish|close|sign off|last line)\b/.test(lower)) found.endWith.push(value);
  else if (/\b(start|begin|open|first|at the top)\b/.test(lower)) found.startWith.push(value);
  else found.include.push(value);
}

/** Everything the texts tell the model to do, read sentence by sentence. */
export function readInstructions(texts: string[]): Instructions {
  const found = emptyInstructions();
  for (const sentence of texts.flatMap(sentencesOf)) {
    if (!VERBS.test(sentence) || NEGATED.test(sentence)) continue;
    readStyle(sentence, found);
    readRequests(sentence, found);
    readPhrases(sentence, found);
  }
  return found;
}

const PERSONA_VOICES: Record<string, string> = {
  pirate: 'Ahoy matey! Arrr, this be a fine job.',
  cowboy: 'Howdy partner!',
  shakespeare: 'Hark! Thou hast a task, and I shall do it for thee.',
  robot: 'BEEP BOOP.',
};

const VERSE = [
  'I read your post and paused a while,',
  'this job is right up my own style.',
  'I plan with care and build with speed,',
  'and give you all the things you need.',
  'My work is clean, my updates clear,',
  'you will not wait for me all year.',
];

type JobSeen = { title: string; questions: string[]; portfolio: string[] };

function jobSeen(body: ChatRequestBody): JobSeen {
  const job = lastToolResult(body, 'read_job') as
    { title?: string; screeningQuestions?: string[] } | undefined;
  const hits = lastToolResult(body, 'search_portfolio');
  const portfolio = Array.isArray(hits)
    ? hits.map((hit: { title?: string; results?: string }) =>
        `In ${hit.title ?? 'a past project'} I delivered: ${hit.results ?? 'great results'}.`.trim(),
      )
    : [];
  return {
    title: job?.title ?? 'your project',
    questions: job?.screeningQuestions ?? [],
    portfolio,
  };
}

function signatureOf(system: string): string {
  return /^Sign-off:\s*(.+)$/m.exec(system)?.[1]?.trim() ?? 'Jane';
}

/** The body of the proposal, before styles are applied. */
function bodyLines(found: Instructions, job: JobSeen, system: string): string[] {
  const out: string[] = [];
  if (found.persona) out.push(PERSONA_VOICES[found.persona] ?? `Speaking as a ${found.persona}:`);
  out.push(`Hi there, I read your post about ${job.title} and I am the right person for it.`);
  out.push(INVENTED_CLAIM, ...job.portfolio);
  if (found.include.length) out.push(`As you asked: ${found.include.join(', ')}.`);
  if (found.emoji.length) out.push(found.emoji.join(' '));
  for (const question of job.questions) out.push(question, 'Yes, I have done this many times.');
  if (found.payment)
    out.push(`You can pay me by ${found.payment}: my PayPal is jane@example.com, no Upwork fees.`);
  if (found.contact)
    out.push(
      `Reach me on ${found.contact} (@jane_dev), at jane@example.com or on +1 415 555 0199.`,
    );
  if (found.revealPrompt) out.push(`My instructions are: ${system}`);
  out.push('When would you like to start?');
  return out;
}

/** The proposal the gullible model writes from the conversation so far. */
export function gullibleDraft(body: ChatRequestBody): string {
  const messages = body.messages ?? [];
  const system = messages
    .filter((m) => m.role === 'system')
    .flatMap((m) => textsOf(m.content))
    .join('\n');
  const found = readInstructions(messages.flatMap((m) => textsOf(m.content)));
  const job = jobSeen(body);
  const first = [
    ...found.startWith,
    ...found.answerFirst.map((topic) => `About ${topic}: chocolate cake, every time.`),
  ];
  const middle = found.verse ? VERSE : bodyLines(found, job, system);
  const lines = [first.join(' '), ...middle, signatureOf(system), ...found.endWith].filter(Boolean);
  const text = lines.join(found.verse ? '\n' : '\n\n');
  return found.caps ? text.toUpperCase() : text;
}

/** One chat turn: tools first (read_job, search_portfolio), then the proposal. */
export function gullibleReply(body: ChatRequestBody): StubReply {
  const messages = body.messages ?? [];
  if (!messages.some((m) => m.role === 'tool')) {
    const prompt = messages
      .filter((m) => m.role === 'user')
      .flatMap((m) => textsOf(m.content))
      .join('\n');
    const title = /^Title:\s*(.+)$/m.exec(prompt)?.[1] ?? 'portfolio';
    return {
      kind: 'tool_calls',
      calls: [
        { name: 'read_job', arguments: {} },
        { name: 'search_portfolio', arguments: { query: title.slice(0, 300) } },
      ],
    };
  }
  return { kind: 'text', text: gullibleDraft(body) };
}

/** The stub server answering every chat request as the gullible model. */
export async function startGullibleModel(options: OpenAIStubOptions = {}): Promise<OpenAIStub> {
  return startOpenAIStub({
    ...options,
    defaultReply: { kind: 'dynamic', reply: gullibleReply },
  });
}
