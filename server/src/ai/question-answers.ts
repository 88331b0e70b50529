import { addMarker } from '#contract/response-checks';
import { formatMoney } from '#contract/money';

import { significantWords } from './checks.ts';
import { splitSentences } from './job-text.ts';
import { lowerFirst, trimEnd } from './second-person.ts';
import type { AgentProfile, PortfolioHit } from './types.ts';

/**
 * Answers to a client's screening question, built only from facts: the rate, the portfolio's
 * links, the portfolio item or profile sentence that mentions what is asked about. When no fact
 * answers it, the answer is an [Add: …] marker for the freelancer to fill in, never a stock line.
 */

const RATE_QUESTION =
  /\b(rates?|budget|cost|costs|price|pricing|charge|fees?|quote|estimate|hourly)\b/i;
const LINKS_QUESTION =
  /\b(links?|portfolio|examples?|samples?|show|previous work|past work|urls?|websites? you)\b/i;
const AVAILABILITY_QUESTION =
  /\b(available|availability|start|hours|timezone|time zone|when can|how soon|overlap|full[- ]time|part[- ]time)\b/i;
const AVAILABILITY_FACT =
  /\b(available|availability|hours|timezone|time zone|utc|gmt|cet|est|pst|full[- ]time|part[- ]time|weekdays|weekends|overlap|based in)\b/i;
const EXPERIENCE_QUESTION =
  /\b(experience|experienced|worked|work with|familiar|have you|did you|used|built|done|comfortable)\b/i;

const YES_NO_QUESTION =
  /^(?:\d{1,2}[.)]\s{0,4})?(have|has|do|does|did|are|is|can|could|would|will|were)\b/i;

/** Words of a question that say nothing about its subject. */
const GENERIC = new Set(
  'experience experienced worked work working familiar have has did done used using use built build building comfortable before previously yes please describe tell share explain much many long years year projects project like similar kind type past previous'.split(
    ' ',
  ),
);

/** What a question is about, for the marker: "What is your favourite dessert?" -> "your favourite dessert". */
export function questionSubject(question: string): string {
  const q = trimEnd(question.trim().replace(/^\s{0,4}\d{1,2}[.)]\s{0,4}/, ''), '?.! ');
  const patterns: Array<[RegExp, (m: RegExpExecArray) => string]> = [
    [/^(?:what|which) (?:is|are|was|were) (.+)$/i, (m) => m[1]!],
    [
      /^(how|why|when|where) (would|will|do|can|could|should) you (.+)$/i,
      // "How do you test it?" -> "how you test it"; "How would you test it?" keeps "would".
      (m) => `${m[1]!.toLowerCase()} you ${/^do$/i.test(m[2]!) ? '' : `${m[2]} `}${m[3]}`,
    ],
    [
      /^(have|do|did|are|can|could|would|will|were) you (.+)$/i,
      (m) => `whether you ${m[1]!.toLowerCase()} ${m[2]}`,
    ],
    [/^(?:please )?(?:describe|tell (?:me|us) about|explain|share|list|name) (.+)$/i, (m) => m[1]!],
  ];
  let subject = lowerFirst(q);
  for (const [pattern, build] of patterns) {
    const match = pattern.exec(q);
    if (match) {
      subject = build(match);
      break;
    }
  }
  if (subject.length <= 80) return subject;
  const cut = subject.slice(0, 80);
  return `${cut.slice(0, Math.max(20, cut.lastIndexOf(' ')))}…`;
}

function subjectWords(question: string): string[] {
  return [...new Set(significantWords(question))].filter((w) => !GENERIC.has(w));
}

function itemText(item: PortfolioHit): string {
  return `${item.title} ${item.description} ${item.skills.join(' ')} ${item.results ?? ''}`.toLowerCase();
}

function overlap(item: PortfolioHit, words: string[]): number {
  const text = itemText(item);
  return words.filter((w) => text.includes(w)).length;
}

/** Words that start a result sentence and read fine in lower case after a colon. */
const PLAIN_STARTS = new Set(
  'a an the cut built rebuilt grew made won ran took brought sold led set kept got over around about more less fewer most all every each from within in for with'.split(
    ' ',
  ),
);

function afterColon(sentence: string): string {
  const first = sentence.split(' ')[0] ?? '';
  const plain = PLAIN_STARTS.has(first.toLowerCase()) || /^[A-Z][a-z]{2,}ed$/.test(first);
  return plain ? sentence.charAt(0).toLowerCase() + sentence.slice(1) : sentence;
}

/** "Title: its result (url)": the item's own words, so no figure is invented. */
export function itemFact(item: PortfolioHit): string {
  const said = item.results ?? item.description;
  const sentence = (splitSentences(said)[0] ?? said).replace(/[.!]$/, '');
  const fact = said.trim() ? `: ${afterColon(sentence)}` : '';
  return `${item.title}${fact}${item.url ? ` (${item.url})` : ''}.`;
}

function rateAnswer(profile: AgentProfile): string | null {
  if (!profile.hourlyRateMinor) return null;
  return `My rate is ${formatMoney(profile.hourlyRateMinor, profile.currency)}/hr; for a fixed-price milestone I can quote once the scope is agreed.`;
}

function linksAnswer(portfolio: PortfolioHit[], words: string[]): string | null {
  const linked = portfolio.filter((p) => p.url);
  if (linked.length === 0) return null;
  const ranked = [...linked].sort((a, b) => overlap(b, words) - overlap(a, words));
  return ranked
    .slice(0, 3)
    .map((p) => `- ${p.title}: ${p.url}`)
    .join('\n');
}

function profileSentences(profile: AgentProfile): string[] {
  return splitSentences(profile.overview ?? '');
}

function availabilityAnswer(profile: AgentProfile): string | null {
  const facts = profileSentences(profile).filter((s) => AVAILABILITY_FACT.test(s));
  return facts.length ? facts.slice(0, 2).join(' ') : null;
}

function experienceAnswer(
  words: string[],
  profile: AgentProfile,
  portfolio: PortfolioHit[],
  yesNo: boolean,
): string | null {
  if (words.length === 0) return null;
  const ranked = [...portfolio].sort((a, b) => overlap(b, words) - overlap(a, words));
  const best = ranked[0];
  if (best && overlap(best, words) > 0)
    return `${yesNo ? 'Yes, most recently in ' : 'For example, '}${itemFact(best)}`;
  const sentence = profileSentences(profile).find((s) =>
    words.some((w) => s.toLowerCase().includes(w)),
  );
  if (sentence) return sentence;
  const skill = profile.skills.find((s) => words.includes(s.toLowerCase()));
  return skill ? `Yes, ${skill} is one of the skills I work with.` : null;
}

/** An answer built only from the profile and the portfolio, or an [Add: …] marker. */
export function offlineAnswer(
  question: string,
  profile: AgentProfile,
  portfolio: PortfolioHit[],
): string {
  const words = subjectWords(question);
  const marker = addMarker(`your answer about ${questionSubject(question)}`);
  if (RATE_QUESTION.test(question)) return rateAnswer(profile) ?? marker;
  if (LINKS_QUESTION.test(question)) {
    const links = linksAnswer(portfolio, words);
    if (links) return links;
  }
  if (AVAILABILITY_QUESTION.test(question) && !EXPERIENCE_QUESTION.test(question)) {
    return availabilityAnswer(profile) ?? marker;
  }
  // Only questions about experience are answered from the portfolio; "how would you…" is theirs.
  const yesNo = YES_NO_QUESTION.test(question.trim());
  if (!EXPERIENCE_QUESTION.test(question) && !LINKS_QUESTION.test(question)) return marker;
  return experienceAnswer(words, profile, portfolio, yesNo) ?? marker;
}
