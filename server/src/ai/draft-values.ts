import { formatMoney } from '#contract/money';
import { renderTemplate } from '#contract/templates';

import { clientNeedSentence } from './client-need.ts';
import { answerableQuestions } from './job-view.ts';
import { offlineAnswer } from './question-answers.ts';
import type { AgentJob, AgentProfile, PortfolioHit } from './types.ts';
import { closingQuestionFor } from './work-plans.ts';

// The writing helpers live in their own files; these names stay importable from here.
export { clientNeedSentence } from './client-need.ts';
export { offlineAnswer } from './question-answers.ts';
export { closingQuestionFor } from './work-plans.ts';

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
    client_need: clientNeedSentence(job),
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
    answers: answerableQuestions(job)
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
