import { formatMoney } from '#contract/money';

import { significantWords } from './text-words.ts';
import type { AgentProfile, PortfolioHit } from './types.ts';

/*
 * The offline engine's reply to a client's message, written by code: it answers what the client
 * asked (when to talk, a similar project, the price), otherwise thanks them and proposes a next
 * step. Every fact comes from the thread, the response, the quote, the portfolio or the profile;
 * where one is missing the draft holds an "[Add: …]" for the user to fill, never a guess.
 */

export type ReplyMessage = { fromClient: boolean; authorName: string; body: string; sentAt: Date };

/** What a reply draft may draw on, gathered by the messages area (scoped to the owner). */
export type ReplyContext = {
  clientName: string | null;
  /** The thread, oldest first (the newest ~20 messages). */
  thread: ReplyMessage[];
  profile: AgentProfile;
  jobTitle: string | null;
  response: { text: string; bidMinor: number | null; currency: string } | null;
  quote: { title: string; totalMinor: number; currency: string } | null;
  /** Portfolio items the response cited, then the best matches for the client's message. */
  portfolio: PortfolioHit[];
  now: Date;
};

export type ClientAskKind = 'availability' | 'samples' | 'price' | 'timeline';

const ASK_WORDS: Record<ClientAskKind, string[]> = {
  availability: [
    'availability',
    'available',
    'call',
    'chat',
    'meet',
    'meeting',
    'schedule',
    'interview',
    'zoom',
    'talk',
    'free',
  ],
  samples: [
    'sample',
    'samples',
    'example',
    'examples',
    'portfolio',
    'similar',
    'previous',
    'past',
    'work',
    'projects',
    'project',
    'show',
  ],
  price: ['price', 'pricing', 'cost', 'rate', 'budget', 'quote', 'charge', 'fee', 'estimate'],
  timeline: [
    'timeline',
    'deadline',
    'deliver',
    'delivery',
    'long',
    'finish',
    'done',
    'weeks',
    'start',
  ],
};

/** Words that alone are too loose: they count only with a second word of the same kind. */
const WEAK = new Set([
  'work',
  'project',
  'projects',
  'show',
  'free',
  'talk',
  'done',
  'start',
  'long',
]);

/** What the client's message asks for, in a fixed order. */
export function clientAsks(message: string): ClientAskKind[] {
  const words = new Set(message.toLowerCase().match(/[a-z]+/g) ?? []);
  const lower = message.toLowerCase();
  const found: ClientAskKind[] = [];
  for (const kind of Object.keys(ASK_WORDS) as ClientAskKind[]) {
    const hits = ASK_WORDS[kind].filter((word) => words.has(word));
    const strong = hits.filter((word) => !WEAK.has(word));
    if (strong.length > 0 || hits.length >= 2) found.push(kind);
  }
  if (!found.includes('price') && lower.includes('how much')) found.push('price');
  if (!found.includes('availability') && lower.includes('when can we')) found.push('availability');
  if (!found.includes('timeline') && lower.includes('how soon')) found.push('timeline');
  return found;
}

export function lastClientMessage(thread: ReplyMessage[]): ReplyMessage | null {
  for (let i = thread.length - 1; i >= 0; i--) if (thread[i]!.fromClient) return thread[i]!;
  return null;
}

function firstName(name: string | null): string | null {
  const first = name?.trim().split(' ')[0] ?? '';
  return first.length > 1 && first.length <= 30 ? first : null;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The next two working days after `now` (UTC), by name. */
export function nextWorkingDays(now: Date): [string, string] {
  const days: string[] = [];
  const day = new Date(now.getTime());
  while (days.length < 2) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(WEEKDAYS[weekday]!);
  }
  return [days[0]!, days[1]!];
}

/** The portfolio item whose words overlap the client's message and the job the most. */
export function mostRelevantItem(portfolio: PortfolioHit[], text: string): PortfolioHit | null {
  const wanted = new Set(significantWords(text));
  let best: PortfolioHit | null = null;
  let bestScore = -1;
  for (const item of portfolio) {
    const words = significantWords(`${item.title} ${item.description} ${item.skills.join(' ')}`);
    const score = new Set(words.filter((word) => wanted.has(word))).size;
    if (score > bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

function firstSentence(text: string): string {
  const trimmed = text.trim();
  const end = trimmed.search(/[.!?](?:\s|$)/);
  const sentence = end === -1 ? trimmed : trimmed.slice(0, end + 1);
  return sentence.length > 220 ? '' : sentence;
}

function lowerFirst(text: string): string {
  const [first = '', second = ''] = text;
  return second && second === second.toUpperCase() && /\p{L}/u.test(second)
    ? text
    : first.toLowerCase() + text.slice(1);
}

function samplesLine(ctx: ReplyContext, asked: string): string {
  const item = mostRelevantItem(ctx.portfolio, `${asked} ${ctx.jobTitle ?? ''}`);
  if (!item)
    return 'A similar project I can share: [Add: the project most like yours, with a link].';
  const about = firstSentence(item.description);
  const link = item.url ? ` You can see it here: ${item.url}` : '';
  // "A Node.js dashboard …" reads on after a colon as "a Node.js dashboard …".
  const summary = about ? `: ${lowerFirst(about)}` : '.';
  return `The closest match to your project is "${item.title}"${summary}${link}`;
}

function priceLine(ctx: ReplyContext): string {
  const parts: string[] = [];
  const bid = ctx.response?.bidMinor;
  if (bid) parts.push(`As in my proposal, my bid is ${formatMoney(bid, ctx.response!.currency)}.`);
  if (ctx.quote && ctx.quote.totalMinor > 0) {
    parts.push(
      `The detailed quote ("${ctx.quote.title}") comes to ${formatMoney(ctx.quote.totalMinor, ctx.quote.currency)}, broken down line by line.`,
    );
  }
  if (parts.length === 0) return 'For this scope my price is [Add: your price for this work].';
  return parts.join(' ');
}

function availabilityLine(now: Date): string {
  const [first, second] = nextWorkingDays(now);
  return `I'm available for a call this week: would ${first} or ${second} work for you? Let me know a time that suits you and I'll make it work.`;
}

const TIMELINE_LINE = 'On timing, I can deliver this in [Add: your delivery estimate].';

function signOff(profile: AgentProfile): string {
  const name = profile.signature?.trim() || profile.name?.trim() || '';
  return name ? `Best,\n${name}` : 'Best,';
}

/** A short reply to the client's latest message, from the thread and what the user sent. */
export function offlineReply(ctx: ReplyContext): string {
  const last = lastClientMessage(ctx.thread);
  const asked = last?.body ?? '';
  const asks = clientAsks(asked);
  const name = firstName(ctx.clientName ?? last?.authorName ?? null);
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const thanks = ctx.jobTitle
    ? `Thanks for getting back to me about ${ctx.jobTitle}.`
    : 'Thanks for your message.';
  const answers: string[] = [];
  if (asks.includes('samples')) answers.push(samplesLine(ctx, asked));
  if (asks.includes('price')) answers.push(priceLine(ctx));
  if (asks.includes('timeline')) answers.push(TIMELINE_LINE);
  if (asks.includes('availability')) answers.push(availabilityLine(ctx.now));
  if (answers.length === 0) {
    answers.push(
      "I've read your note and I'm ready to start. The next step I'd suggest is a short call to confirm the scope and the first milestone.",
      'Would that work for you, or would you prefer I send a short written plan first?',
    );
  } else if (!asks.includes('availability')) {
    answers.push('Would a short call this week help to settle the details?');
  }
  return [greeting, thanks, ...answers, signOff(ctx.profile)].join('\n\n');
}
