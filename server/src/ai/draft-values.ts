import { formatMoney } from '#contract/money';
import { renderTemplate } from '#contract/templates';

import { significantWords } from './checks.ts';
import type { AgentJob, AgentProfile, PortfolioHit } from './types.ts';

export function firstSentence(text: string): string {
  const match = /^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim());
  return (match ? match[0] : text.trim()).replace(/\s+/g, ' ').slice(0, 300);
}

export function matchingSkills(job: AgentJob, profile: AgentProfile): string[] {
  const mine = new Set(profile.skills.map((s) => s.toLowerCase()));
  const overlap = job.skills.filter((s) => mine.has(s.toLowerCase()));
  if (overlap.length > 0) return overlap;
  // No tagged skills on the job: profile skills the description names.
  const description = job.description.toLowerCase();
  return profile.skills.filter((s) => description.includes(s.toLowerCase()));
}

export function portfolioLine(item: PortfolioHit): string {
  const result = item.results
    ? `: ${firstSentence(item.results)}`
    : item.description
      ? `: ${firstSentence(item.description)}`
      : '';
  return `- ${item.title}${result}${item.url ? ` (${item.url})` : ''}`;
}

/** What the agent asks the client at the end: about the post's main subject. */
export function closingQuestionFor(job: AgentJob): string {
  const topic = job.skills[0] ?? significantWords(job.title).slice(0, 3).join(' ');
  if (
    job.screeningQuestions.length === 0 &&
    /deadline|launch|by (the )?end of/i.test(job.description)
  ) {
    return 'What does a successful launch look like for you, and is the deadline fixed?';
  }
  return topic
    ? `What would you like to see working first on the ${topic} side, so I can plan the first milestone around it?`
    : 'What would make the first week of this project a success for you?';
}

/** A plain, honest answer built only from the profile and the portfolio. */
export function offlineAnswer(
  question: string,
  profile: AgentProfile,
  portfolio: PortfolioHit[],
): string {
  const q = question.toLowerCase();
  const words = significantWords(question);
  const best = [...portfolio].sort((a, b) => overlap(b, words) - overlap(a, words))[0] ?? null;
  if (/\b(rate|budget|cost|price|charge|fee)\b/.test(q) && profile.hourlyRateMinor) {
    return `My rate is ${formatMoney(profile.hourlyRateMinor, profile.currency)}/hr; I am glad to agree a fixed price once the scope is clear.`;
  }
  if (/\b(link|portfolio|example|samples?|show)\b/.test(q) && portfolio.some((p) => p.url)) {
    return portfolio
      .filter((p) => p.url)
      .slice(0, 3)
      .map((p) => `${p.title}: ${p.url}`)
      .join('\n');
  }
  if (/\b(available|availability|start|hours|timezone|time zone|when)\b/.test(q)) {
    return 'I can start this week and will confirm my weekly hours with you before we begin.';
  }
  if (best && overlap(best, words) > 0) {
    return `Yes. ${best.title}${best.results ? `: ${firstSentence(best.results)}` : `: ${firstSentence(best.description)}`}`;
  }
  if (profile.overview) return firstSentence(profile.overview);
  return 'Yes, and I am happy to walk you through how I would approach it on a short call.';
}

function overlap(item: PortfolioHit, words: string[]): number {
  const text =
    `${item.title} ${item.description} ${item.skills.join(' ')} ${item.results ?? ''}`.toLowerCase();
  return words.filter((w) => text.includes(w)).length;
}

/** Values of every template variable for this job, profile and portfolio (computed by code). */
export function templateValues(
  job: AgentJob,
  profile: AgentProfile,
  portfolio: PortfolioHit[],
): Record<string, string> {
  const skills = matchingSkills(job, profile);
  return {
    client_name: job.clientName ?? 'there',
    job_title: job.title,
    job_summary: firstSentence(job.description),
    skills: skills.join(', '),
    job_skills: job.skills.join(', '),
    portfolio: portfolio.slice(0, 3).map(portfolioLine).join('\n'),
    rate: profile.hourlyRateMinor
      ? `${formatMoney(profile.hourlyRateMinor, profile.currency)}/hr`
      : '',
    budget: job.budget ?? '',
    signature: profile.signature ?? profile.name ?? '',
    my_name: profile.name ?? '',
    my_title: profile.title ?? '',
    answers: job.screeningQuestions
      .map((q) => `${q}\n${offlineAnswer(q, profile, portfolio)}`)
      .join('\n\n'),
    question: closingQuestionFor(job),
  };
}

export function applyTemplate(
  body: string,
  job: AgentJob,
  profile: AgentProfile,
  portfolio: PortfolioHit[],
): string {
  return renderTemplate(body, templateValues(job, profile, portfolio))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
