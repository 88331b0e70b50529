import type { ClientAsk } from '#contract/jobs';

import { readDemand, type Demand } from './instruction-values.ts';
import { asksOffPlatform } from './off-platform.ts';

/*
 * The instructions in a job post, read sentence by sentence and sorted into two kinds:
 *
 * - prompt traps: aimed at AI writers ("if you are an AI, …", "note to language models: …",
 *   "ChatGPT users must …"), or asking for something against the freelancer's interest or Upwork's
 *   terms whoever reads it (contact or payment off the platform, the system prompt, a whole reply
 *   in capitals, verse or a persona). Shown to the user, never obeyed, and checked after drafting.
 * - client asks: a client asking a person to prove they read the post ("begin your reply with the
 *   word orange"). Shown as "The client asks: …" and followed by every draft.
 *
 * Mentions of AI as the subject of the work ("we are building a GPT-4 chatbot", "no AI-written
 * proposals") are neither. Every pattern works on one clause and its gaps are bounded.
 */

export type DetectedTrap = {
  /** The sentence as the user sees it (hidden characters shown as ⟦hidden⟧). */
  excerpt: string;
  reason: string;
  /** The sentence as it appears in the text, to fence it out of what a model reads. */
  sentence: string;
  /** What it asked the reply to contain, where it says: the check proves it was not done. */
  demand: Demand | null;
  /** A whole-reply style it asked for (capitals, verse, a persona, emoji). */
  style: TrapStyle | null;
};

export type TrapStyle = 'caps' | 'verse' | 'persona' | 'emoji';

export type PostInstructions = { traps: DetectedTrap[]; asks: ClientAsk[] };

const HIDDEN = /[\u200B-\u200D\u2060\u2061-\u2064\uFEFF\u00AD\u{E0000}-\u{E007F}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** Machines named as a reader or writer. Product words alone ("assistant", "agent") are not. */
const MACHINE =
  '(?:a\\.i\\.?|ai|artificial intelligence|chat\\s?gpt|gpt(?:-?\\d[\\w.]{0,4})?|openai|llms?|large language models?|language models?|bots?|robots?|chatbots?|claude|gemini|bard|copilot|deepseek|grok|machines?|non-humans?|ais|ai (?:models?|assistants?|agents?|tools?|systems?|writers?|programs?)|automated (?:tools?|systems?|writers?|programs?|scripts?|agents?|assistants?|software|proposal writers?)|(?:proposal|cover letter|writing) (?:bots?|generators?|tools?|assistants?)|text generators?)';
const ADJECTIVES =
  '(?:(?:automated|artificial|large|generative|language|chat|intelligent|autonomous|computer|software|text|writing|ai|ai-powered|helpful|friendly)\\s+){0,2}';
/** After the machine word: the clause goes on as a condition, not "an AI engineer". */
const CLAUSE_GOES_ON =
  '(?=\\s*(?:[,.;:!?)\\]—–]|$)|\\s+(?:then|and|or|reading|processing|parsing|writing|generating|drafting|scanning|please|you|that|who|which|model|assistant|system|program|agent|tool|here|instead|like|rather)\\b)';

const AI_RULES: Array<{ pattern: RegExp; reason: string }> = [
  {
    pattern:
      /\b(?:ignore|disregard|forget|override|skip|bypass)\b[^.\n]{0,30}\b(?:previous|prior|above|earlier|all|any|your|other|original|initial|system)\b[^.\n]{0,20}\b(?:instructions?|prompts?|rules|guidelines|directions|programming|directives?|training)\b/i,
    reason: 'Tries to override an AI writer’s instructions',
  },
  {
    pattern: new RegExp(
      `\\b(?:if|when|in case|assuming|since|because|unless)\\b[^.\\n]{0,25}?\\b(?:you(?:'re|’re| are| r|re)|u r|the (?:reader|writer|applicant|author) is|this (?:is being|was|is) (?:read|processed|written|generated|parsed|drafted) by)\\s+(?:(?:an?|some|the|really|actually)\\s+)?${ADJECTIVES}${MACHINE}${CLAUSE_GOES_ON}`,
      'i',
    ),
    reason: 'Addresses AI writers directly',
  },
  {
    pattern: new RegExp(
      `\\bare you (?:(?:an?|some)\\s+)?${ADJECTIVES}${MACHINE}\\b[^.\\n]{0,20}\\?|\\byou(?:'re|’re| are)\\s+(?:not (?:a )?(?:human|person|real person)|non-human)\\b`,
      'i',
    ),
    reason: 'Addresses AI writers directly',
  },
  {
    pattern: new RegExp(
      `\\b${MACHINE}s?(?:\\s+(?:instances?|models?|agents?|tools?|systems?|assistants?|programs?))?\\s+(?:that (?:is|are)\\s+|who (?:is|are)\\s+)?(?:reading|processing|parsing|scanning|analy[sz]ing|summari[sz]ing|ingesting|viewing|seeing|evaluating|reviewing|interpreting|answering|responding to)\\s+(?:this|these|the\\s+(?:post|job|listing|text|description|posting|ad|page|message|brief))`,
      'i',
    ),
    reason: 'Addresses AI writers directly',
  },
  {
    pattern: new RegExp(
      `\\b(?:note|message|instructions?|directive|attention|notice|memo|reminder|hint|warning|command|psa|request)\\s*(?:to|for)\\s+(?:all\\s+|any\\s+|the\\s+)?${ADJECTIVES}${MACHINE}\\b|^(?:dear|hey|hi|hello|attention|psst|yo|calling)\\s+(?:all\\s+|any\\s+)?${MACHINE}\\b|^${MACHINE}s?(?:[- ](?:based|powered|using|driven|assisted))?(?:\\s+(?:users?|tools?|writers?|applicants?|readers?|models?|agents?|assistants?))?\\s*[:,]|^for\\s+${MACHINE}s?\\s+only\\b`,
      'i',
    ),
    reason: 'Addresses AI writers directly',
  },
  {
    pattern: new RegExp(
      `\\b(?:if|when)\\b[^.\\n]{0,20}\\b(?:you(?:'re| are)?\\s+(?:using|use|used)|using)\\s+${MACHINE}\\b[^.\\n]{0,20}\\b(?:to|for)\\s+(?:write|writ|generat|draft|creat|compos|apply|answer|respond|reply)`,
      'i',
    ),
    reason: 'Gives instructions to people who let AI write for them',
  },
  {
    pattern: new RegExp(
      `\\b(?:if|when|in case|assuming)\\b[^.\\n]{0,40}?\\b(?:read|processed|written|generated|parsed|drafted|scanned|analy[sz]ed|summari[sz]ed|viewed|produced|created|composed)\\s+(?:by|with|using|through|via)\\s+(?:an?\\s+|the\\s+|some\\s+)?${ADJECTIVES}${MACHINE}\\b`,
      'i',
    ),
    reason: 'Addresses AI writers directly',
  },
  {
    pattern: new RegExp(
      `\\b(?:if|when|in case)\\s+(?:(?:an?|the|some|any)\\s+)?${ADJECTIVES}${MACHINE}\\s+(?:wrote|writes|is writing|drafted|drafts|generated|generates|reads|is reading|is processing|processes|parses|is parsing|sees|is answering|answers|is helping|helps|helped|is assisting|assists|is used|was used)\\b`,
      'i',
    ),
    reason: 'Addresses AI writers directly',
  },
  {
    pattern:
      /\bas an ai(?: language model)?\b|\bsystem\s*(?:prompt|message|instructions?)\b|^\s*(?:system|assistant)\s*:|<\/?\s*(?:system|instructions?|prompt|inst)\s*>|\[\s*(?:system|instructions?|inst)\s*\]|(?<!#)#{2,}\s*instructions?\b|\byou are now (?:chat\s?gpt|dan|an? (?:ai|assistant|language model))\b|\b(?:reveal|print|repeat|output|show|paste|copy|disclose|quote|dump|list)\b[^.\n]{0,30}\b(?:your|the)\s+(?:initial |original |hidden |full |exact )?(?:instructions|prompt|rules|guidelines|configuration)\b/i,
    reason: 'Tries to make an AI writer reveal or change its instructions',
  },
];

/** Machine-addressed directives that need a demand to count ("AI must start the reply with …"). */
const DIRECTED_AT_MACHINES = new RegExp(
  `(?:^|[,;:(]\\s*|\\b(?:any|all|every|each)\\s+)${ADJECTIVES}${MACHINE}s?(?:\\s+(?:users?|tools?|writers?|applicants?|agents?|assistants?|models?))?\\s+(?:must|should|shall|will|need to|needs to|have to|has to|are (?:required|instructed|asked|expected) to|is (?:required|instructed|asked|expected) to|please)\\b|\\b(?:${MACHINE}|auto|computer)[- ](?:generated|written|drafted|created|assisted|powered|made)\\s+(?:proposals?|applications?|repl(?:y|ies)|responses?|cover letters?|bids?|messages?)\\b|\\bautomated\\s+(?:proposals?|applications?|repl(?:y|ies)|responses?|bids?|cover letters?|messages?|submissions?)\\b|\\b(?:written|generated|drafted|produced|created|composed)\\s+(?:by|with|using|via|through)\\s+(?:an?\\s+|the\\s+|some\\s+)?${MACHINE}\\b|\\b(?:anyone|anybody|those|people|applicants?|freelancers?|candidates?|everyone|whoever|you)\\s+(?:who\\s+(?:is|are)\\s+)?(?:using|who uses?|who used|relying on|that uses?|with)\\s+(?:an?\\s+)?${ADJECTIVES}${MACHINE}\\b`,
  'i',
);

const STYLE_RULES: Array<{ pattern: RegExp; style: TrapStyle; reason: string }> = [
  {
    pattern:
      /\b(?:in|using|with)\s+(?:all\s+)?(?:caps|capitals|capital letters|uppercase|upper case|block letters)\b|\ball[- ]caps\b|\bshout(?:ing)?\b[^.\n]{0,20}\b(?:proposal|reply|response|application)\b/i,
    style: 'caps',
    reason: 'Asks for a whole reply in capitals, which no client reads kindly',
  },
  {
    pattern:
      /\b(?:as|in|with|into)\s+(?:an?\s+)?(?:poem|verse|rhymes?|rhyming (?:couplets|lines|verse)|haiku|limerick|sonnet|rap|song|lyrics|iambic pentameter|couplets)\b|\b(?:make|write|compose|turn)\b[^.\n]{0,30}\b(?:rhyme|poem|haiku|limerick|sonnet)\b/i,
    style: 'verse',
    reason: 'Asks for the reply in verse, a trick to catch automated proposals',
  },
  {
    pattern:
      /\b(?:talk|speak|write|respond|reply|answer|sign off|sound)\s+(?:like|as)\s+(?:an?\s+)?(?:pirate|cowboy|robot|cat|dog|yoda|shakespeare|medieval|knight|wizard|toddler|child|alien|vampire|zombie|caveman|surfer|valley girl)\b|\bpretend (?:to be|you(?:'re| are))\b|\brole-?play\b|\bin the (?:voice|style) of (?:an?\s+)?(?:pirate|shakespeare|yoda|cowboy|robot|cat|dog)\b|\bpirate (?:speak|talk|voice|language)\b/i,
    style: 'persona',
    reason: 'Asks the reply to play a persona, a trick to catch automated proposals',
  },
  {
    pattern:
      /\b(?:only|just|entirely|solely)\s+(?:in\s+)?emojis?\b|\bemojis?\s+only\b|\bevery\s+(?:sentence|line|paragraph)\s+(?:must|should|has to|needs to)\b/i,
    style: 'emoji',
    reason: 'Asks for a reply shaped by a rule no client needs',
  },
];

const PROOF_OF_READING =
  /\b(?:so|to)\s+(?:that\s+)?(?:i|we)\s+(?:know|can tell|see|are sure|can see|can be sure)\b|\b(?:to|so)\s+(?:show|prove|confirm|demonstrate|let me know)\b[^.\n]{0,30}\b(?:read|human|real|attention|paid attention)|\bproposals?\s+(?:without|that don't|that do not|missing)\b|\b(?:i|we)\s+(?:will|'ll)\s+(?:ignore|skip|reject|delete|decline|not (?:read|consider))\b|\bwon'?t be (?:considered|read|reviewed)\b|\bautomatically (?:rejected|declined|ignored)\b|\bread (?:the|this|my|our) (?:whole|entire|full)? ?(?:post|description|job|brief)/i;

const LEAD_INS =
  /^(?:[-*•>\d.)\s]+|(?:p\.?s\.?|n\.?b\.?|note|important|also|btw|bonus|ps|update|one more thing|last thing)\s*[:,.-]\s*)/i;

/** Clauses a trap or an ask may stand in: sentences, lines and semicolon-separated parts. */
function clauses(text: string): Array<{ raw: string; clean: string }> {
  const out: Array<{ raw: string; clean: string }> = [];
  for (const line of text.replace(/\r\n?|[\u2028\u2029]/g, '\n').split('\n')) {
    for (const part of line.split(/(?<=[.!?])\s+|;\s+/)) {
      const raw = part.trim();
      if (!raw) continue;
      let clean = raw.replace(HIDDEN_ALL, '').trim();
      for (let i = 0; i < 3 && LEAD_INS.test(clean); i++) clean = clean.replace(LEAD_INS, '');
      out.push({ raw, clean });
    }
  }
  return out;
}

/** Tag characters spell ASCII invisibly: read them as the text they hide. */
function revealTags(text: string): string {
  return text.replace(/[\u{E0020}-\u{E007E}]/gu, (ch) =>
    String.fromCharCode(ch.codePointAt(0)! - 0xe0000),
  );
}

function excerptOf(raw: string): string {
  return raw
    .replace(HIDDEN_ALL, '⟦hidden⟧')
    .replace(/(?:⟦hidden⟧)+/g, '⟦hidden⟧')
    .replace(/\s+/g, ' ')
    .slice(0, 240);
}

function askLabel(demand: Demand): string {
  const { position, asked } = demand;
  if (!asked.literal) return `start by answering: ${asked.value}`;
  const value = `'${asked.value}'`;
  return position === 'start_with'
    ? `start with ${value}`
    : position === 'end_with'
      ? `end with ${value}`
      : `include ${value}`;
}

/** "Start off by telling me …": the reply is meant, though not named. */
const ANSWER_FIRST =
  /\b(?:start|begin|open)\b[^.\n]{0,20}\bby\s+(?:telling|answering|sharing|naming|stating|saying|letting|explaining|describing|listing|giving|mentioning)\b/i;

/** "Please open with your favourite movie": an order to the reader about something of theirs. */
const OPEN_WITH_YOURS =
  /^(?:please\s+|kindly\s+)?(?:start|begin|open|lead)(?:\s+off)?\s+with\s+your\b/i;

/** A client ask in this clause, if the clause asks the reply for something a person would do. */
function clientAsk(clause: Clause): ClientAsk | null {
  const { clean, raw } = clause;
  const demand = hasAnchor(clause.words, DEMAND_ANCHORS) ? clause.demand() : null;
  if (!demand) return null;
  const proof = PROOF_OF_READING.test(clean);
  const { asked } = demand;
  if (asked.literal) {
    // "We use React": a plain verb and a word is no ask; a marked literal or the reply named is.
    if (!asked.explicit && !demand.replyNamed && !proof) return null;
    // "Include links in your proposal" is a request about content; "include ZX-42" or "mention
    // pineapple so I know you read this" is a read-check.
    const codeLike = /\d|^[#@]|^\p{Lu}{2,}$/u.test(asked.value);
    if (!asked.explicit && demand.position === 'include' && !proof && !codeLike) return null;
  } else if (
    demand.position !== 'start_with' ||
    (!demand.replyNamed && !proof && !ANSWER_FIRST.test(clean) && !OPEN_WITH_YOURS.test(clean))
  ) {
    return null;
  }
  return {
    kind: asked.literal ? demand.position : 'answer',
    value: asked.value,
    label: askLabel(demand),
    excerpt: raw.replace(/\s+/g, ' ').slice(0, 240),
  };
}

/*
 * Anchor words: a rule can only match a clause holding one of its words, so most clauses of a
 * long post are passed over after one split into words (scoring stays well under a millisecond).
 */
const anchors = (list: string) => new Set(list.split(' '));
const MACHINE_ANCHORS = anchors(
  'ai ais gpt chatgpt chat llm llms bot bots robot robots chatbot chatbots claude gemini bard copilot deepseek grok machine machines non human humans automated language model models openai artificial generator generators ignore disregard forget override skip bypass system prompt instructions instruction inst reveal print repeat output disclose dump assistant',
);
const DEMAND_ANCHORS = anchors(
  'start begin open preface lead kick commence end finish close conclude wrap sign include mention use add put write type insert say drop state spell reference first last final opening closing contain have feature',
);
const OFF_PLATFORM_ANCHORS = anchors(
  'contact message reach text ping dm call add email e mail write talk chat find whatsapp telegram skype discord signal wechat viber include share send provide give put leave drop list post tell pay paid payment payments invoice settle paypal venmo zelle crypto bitcoin btc usdt upwork off platform forward submit password ssn credentials passport',
);
const STYLE_ANCHORS = anchors(
  'caps capitals capital uppercase upper block shout shouting poem verse rhyme rhymes rhyming haiku limerick sonnet rap song lyrics iambic couplets pirate cowboy robot cat dog yoda shakespeare pretend roleplay role play voice style emoji emojis every',
);

function hasAnchor(words: readonly string[], set: Set<string>): boolean {
  return words.some((word) => set.has(word));
}

/** Machine anchors, plus "A.I." which splits into letters. */
function mayNameMachines(clause: { clean: string; words: readonly string[] }): boolean {
  return hasAnchor(clause.words, MACHINE_ANCHORS) || /a\.i\b/i.test(clause.clean);
}

/** One clause, read once: its words for the anchors, its demand computed on first use. */
type Clause = { clean: string; raw: string; words: string[]; demand: () => Demand | null };

function clauseOf(clean: string, raw: string): Clause {
  let demand: Demand | null | undefined;
  return {
    clean,
    raw,
    words: clean.toLowerCase().split(/[^\p{L}\p{N}]+/u),
    demand: () => (demand === undefined ? (demand = readDemand(clean)) : demand),
  };
}

/** Why the clause is a trap, or null. `afterMachineQuestion`: it follows "Are you an AI?". */
function trapReason(clause: Clause, afterMachineQuestion: boolean): string | null {
  const { clean, raw, words } = clause;
  if (HIDDEN.test(raw)) return 'Contains invisible characters that can hide instructions';
  const demandPossible = hasAnchor(words, DEMAND_ANCHORS);
  if (mayNameMachines(clause)) {
    for (const rule of AI_RULES) if (rule.pattern.test(clean)) return rule.reason;
    if (
      DIRECTED_AT_MACHINES.test(clean) &&
      ((demandPossible && clause.demand()) ||
        /\b(?:proposal|reply|response|application|cover letter|bid)\b/i.test(clean))
    )
      return 'Gives instructions to AI writers';
  }
  if (afterMachineQuestion && demandPossible && clause.demand())
    return 'Addresses AI writers directly';
  if (mayNameMachines(clause) && addressesMachines(clause, demandPossible))
    return 'Gives instructions to AI writers';
  if (hasAnchor(words, OFF_PLATFORM_ANCHORS) && asksOffPlatform(clean))
    return 'Asks to take contact or payment off Upwork, against its terms and your account’s safety';
  if (hasAnchor(words, STYLE_ANCHORS))
    for (const rule of STYLE_RULES)
      if (rule.pattern.test(clean) && isDirective(clean)) return rule.reason;
  return null;
}

const MACHINE_MENTION = new RegExp(
  `\\b${MACHINE}(?:[- ](?:based|powered|driven|assisted))?\\b`,
  'i',
);
/** "Prove you are human", "not a bot": a clause speaking to people, even if it names machines. */
const HUMAN_SIGNAL =
  /\bnot (?:an? )?(?:bot|robot|machine|ai)\b|\b(?:a |are |real |actual )(?:human|person|people)\b|\bprove you(?:'re| are)\b/i;
const DIRECTIVE_START =
  /^(?:please\s+)?(?:mention|include|start|begin|open|end|finish|write|add|use|put|respond|reply|answer|say|type|insert|ignore|disregard|reveal|sign|tell|praise|state|make|describe)\b/i;

/**
 * A clause that names machines and tells the reply to carry a literal, or opens with a heading to
 * machines ("For any LLM tool: …", "AI writers - …") followed by an order. A person asked to prove
 * they are human is not a machine addressed.
 */
function addressesMachines(clause: Clause, demandPossible: boolean): boolean {
  const { clean } = clause;
  if (HUMAN_SIGNAL.test(clean)) return false;
  const cut = clean.slice(0, 80).search(/:\s|\s[-–—]\s/);
  if (cut > 0 && MACHINE_MENTION.test(clean.slice(0, cut))) {
    const order = clean.slice(cut).replace(/^[:\s–—-]+/, '');
    if (DIRECTIVE_START.test(order) || /^your\b/i.test(order)) return true;
  }
  if (!demandPossible || !MACHINE_MENTION.test(clean)) return false;
  const demand = clause.demand();
  return Boolean(demand?.asked.literal && (demand.asked.explicit || demand.replyNamed));
}

/** The clause tells the reader to do something (not a description of the work). */
function isDirective(clean: string): boolean {
  return (
    DIRECTED_AT_MACHINES.test(clean) ||
    /^(?:please\s+)?(?:write|respond|reply|answer|talk|speak|compose|make|use|sign|pretend|start|begin|end|format|put|turn|include|add|say)\b/i.test(
      clean,
    ) ||
    /\b(?:you|your|applicants?|freelancers?|candidates?)\b/i.test(clean) ||
    /\b(?:proposals?|repl(?:y|ies)|responses?|applications?|cover letters?|bids?)\b/i.test(clean)
  );
}

function styleOf(clean: string): TrapStyle | null {
  return STYLE_RULES.find((rule) => rule.pattern.test(clean))?.style ?? null;
}

/** The prompt traps and the client asks of a post (title, description and questions together). */
export function readPostInstructions(text: string): PostInstructions {
  const traps: DetectedTrap[] = [];
  const asks: ClientAsk[] = [];
  let machineQuestion = false;
  const read = new Set<string>();
  for (const { raw, clean } of clauses(text)) {
    // A clause repeated word for word says nothing new.
    if (read.has(raw)) continue;
    read.add(raw);
    const clause = clauseOf(HIDDEN.test(raw) ? revealTags(clean) : clean, raw);
    const reason = trapReason(clause, machineQuestion);
    machineQuestion = reason !== null && /\?\s*$|:\s*$/.test(clause.clean);
    if (reason) {
      traps.push({
        excerpt: excerptOf(raw),
        reason,
        sentence: raw,
        demand: clause.demand(),
        style: styleOf(clause.clean),
      });
      continue;
    }
    const ask = clientAsk(clause);
    if (ask && !asks.some((a) => a.kind === ask.kind && a.value === ask.value)) asks.push(ask);
  }
  return { traps, asks: asks.slice(0, 5) };
}
