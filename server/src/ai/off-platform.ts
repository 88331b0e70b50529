/*
 * Taking the conversation or the money off Upwork breaks its terms and puts the freelancer's
 * account at risk, whoever asks for it. These rules find such requests in a job post (to flag
 * them as traps) and such content in a draft (to remove it): contact details, chat apps, and
 * payment outside the platform.
 */

const CHAT_APPS =
  '(?:whats\\s?app|telegram|skype|discord|signal|wechat|viber|line app|kik|snapchat|instagram dm|facebook messenger|messenger)';
const PAYMENT_CHANNELS =
  '(?:paypal|venmo|zelle|cash\\s?app|western union|moneygram|crypto(?:currency)?|bitcoin|btc|usdt|tether|ethereum|eth|wire transfer|bank transfer|bank wire|payoneer|wise|revolut|gift cards?)';

/** An email address: local part, @, a dotted domain (each part bounded, so it cannot backtrack). */
export const EMAIL = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}/g;
/** A phone number: an optional +, then 8-15 digits with spaces, dots, dashes or brackets. */
export const PHONE = /(?:\+|\b)\d(?:[\s.\-()]{0,2}\d){7,14}\b/g;
export const URL_PATTERN = /\bhttps?:\/\/[^\s<>"')]{1,300}|\bwww\.[^\s<>"')]{1,300}/gi;

/** The post asks the applicant to contact or pay outside Upwork. */
const POST_RULES: RegExp[] = [
  /\b(?:contact|message|reach|text|ping|dm|call|email|e-mail|write|send|mail|forward|whatsapp)\b[^\n]{0,60}?(?:[\w.+-]{1,64}@[\w-]{1,63}\.[a-z]{2,}|\+?\d[\d\s().-]{7,18}\d)/i,
  new RegExp(
    `\\b(?:contact|message|reach(?: out)?|text|ping|dm|call|add|email|write to|talk to|chat with|find|get in touch with|connect with)(?:\\s+to)?\\s+(?:me|us)\\b[^.\\n]{0,30}\\b(?:on|via|at|through|over|using|in)\\s+(?:my\\s+|our\\s+)?(?:${CHAT_APPS}|e-?mail|gmail|phone|mobile|cell)`,
    'i',
  ),
  new RegExp(
    `\\b(?:include|share|send|provide|add|give|put|leave|drop|list|write|post|tell)\\b[^.\\n]{0,30}\\b(?:your|ur)\\s+(?:${CHAT_APPS}|e-?mail(?: address)?|phone(?: number)?|mobile(?: number)?|cell(?: number)?|number|contact (?:details|info)|personal (?:email|contact)|gmail|handle|id)`,
    'i',
  ),
  new RegExp(
    `\\b(?:pay|paid|payment|payments|compensat\\w{0,6}|invoice|settle)\\b[^.\\n]{0,30}\\b(?:via|through|by|in|with|using|over|on|to|for)\\s+(?:my\\s+|our\\s+|your\\s+)?${PAYMENT_CHANNELS}\\b`,
    'i',
  ),
  new RegExp(
    `\\b(?:your|ur)\\s+${PAYMENT_CHANNELS}\\s+(?:address|account|email|wallet|id|details)`,
    'i',
  ),
  /\b(?:outside|off|away from|around|bypass(?:ing)?|avoid(?:ing)?)\s+(?:of\s+)?(?:the\s+)?upwork(?:'s)?\b|\boff-platform\b|\b(?:upwork)\s+fees?\b[^.\n]{0,20}\b(?:avoid|save|skip|bypass)|\b(?:avoid|save|skip|bypass)\b[^.\n]{0,20}\bupwork\s+fees?\b/i,
  new RegExp(
    `\\b(?:send|email|mail|submit|forward)\\b[^.\\n]{0,40}\\bto\\s+[\\w.+-]{1,64}@[\\w-]{1,63}\\.`,
    'i',
  ),
  /\b(?:send|share|give|provide|include)\b[^.\n]{0,30}\b(?:payment|bank|billing|banking|wallet)\s+(?:details|info|information|address)\b|\b(?:don'?t|do not|won'?t|will not|never)\s+use\s+upwork(?:'s)?\s+(?:payments?|messages?|messaging|system|platform|escrow)\b/i,
  /\b(?:send|share|give|provide|include)\b[^.\n]{0,30}\b(?:password|social security|ssn|bank (?:account|details|login)|credit card|card number|id (?:card|scan)|passport|login details|credentials)\b/i,
];

/** The sentence of a post asks for contact, payment or personal data outside Upwork. */
export function asksOffPlatform(sentence: string): boolean {
  return POST_RULES.some((rule) => rule.test(sentence));
}

/** In a draft: chat apps, payment channels in a payment context, or "outside Upwork". */
const DRAFT_RULES: RegExp[] = [
  new RegExp(`\\b${CHAT_APPS}\\b`, 'i'),
  new RegExp(
    `\\b(?:pay|paid|payment|payments|invoice|send|transfer|accept|wallet)\\b[^.\\n]{0,40}\\b${PAYMENT_CHANNELS}\\b|\\b${PAYMENT_CHANNELS}\\b[^.\\n]{0,40}\\b(?:pay|paid|payment|payments|invoice|address|account|wallet)\\b`,
    'i',
  ),
  /\b(?:outside|off|away from|around|bypass(?:ing)?|avoid(?:ing)?)\s+(?:of\s+)?(?:the\s+)?(?:upwork|platform)\b|\boff-platform\b/i,
];

export type OffPlatformFinding = { kind: 'email' | 'phone' | 'link' | 'channel'; text: string };

/**
 * What in a draft sentence takes the work off Upwork: an email, a phone number, a link that is not
 * one of the freelancer's own (`allowedLinks`), a chat app or an outside payment channel.
 * `jobText` keeps a channel the job itself is about ("integrate PayPal checkout") allowed.
 */
export function offPlatformIn(
  sentence: string,
  allowedLinks: readonly string[],
  jobText: string,
): OffPlatformFinding[] {
  const findings: OffPlatformFinding[] = [];
  for (const match of sentence.matchAll(EMAIL)) findings.push({ kind: 'email', text: match[0] });
  for (const match of sentence.matchAll(PHONE)) {
    const digits = match[0].replace(/\D/g, '');
    // Years, ranges and money are not phone numbers: require a phone-like length and grouping.
    if (digits.length >= 9 && !/\d{1,3}(?:,\d{3})+/.test(match[0]))
      findings.push({ kind: 'phone', text: match[0].trim() });
  }
  const allowed = allowedLinks.map(normaliseLink).filter(Boolean);
  for (const match of sentence.matchAll(URL_PATTERN)) {
    const link = normaliseLink(match[0]);
    if (!allowed.some((ok) => link.startsWith(ok) || ok.startsWith(link)))
      findings.push({ kind: 'link', text: match[0] });
  }
  const job = jobText.toLowerCase();
  for (const rule of DRAFT_RULES) {
    const match = rule.exec(sentence);
    if (!match) continue;
    // A channel the job is about (a PayPal integration) may be named, unless paired with Upwork.
    const named = match[0].toLowerCase();
    const aboutTheJob = [...named.matchAll(/[a-z]{3,}/g)].some(
      (word) =>
        !/^(?:pay|paid|payment|payments|invoice|send|transfer|accept|wallet|address|account)$/.test(
          word[0],
        ) && job.includes(word[0]),
    );
    if (!aboutTheJob || /upwork/.test(named)) findings.push({ kind: 'channel', text: match[0] });
  }
  return findings;
}

function normaliseLink(link: string): string {
  return link
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/(?<![/.,;:!?])[/.,;:!?]+$/, '');
}
