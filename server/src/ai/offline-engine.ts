import {
  LENGTH_TARGETS,
  type CheckResult,
  type ImproveAction,
  type ResponseLength,
  type Tone,
  type Variant,
} from '#contract/responses';

import { checkAndFix, type CheckInput } from './checks.ts';
import { clientNeedSentence, kindTask, readNeed, type ClientNeed } from './client-need.ts';
import { applyTemplate, closingQuestionFor, offlineAnswer } from './draft-values.ts';
import { writeOfflineDraft } from './offline-writing.ts';
import { TONE_PHRASES } from './tone-phrases.ts';
import type { AgentJob, AgentProfile, AgentTemplate, PortfolioHit } from './types.ts';
import { firstStep, laterSteps, projectQuestions } from './work-plans.ts';

export const OFFLINE_MODEL = 'offline-engine';
export const OFFLINE_PROMPT_VERSION = 'offline@2';

export type OfflineInput = {
  job: AgentJob;
  profile: AgentProfile;
  portfolio: PortfolioHit[];
  template: AgentTemplate | null;
  tone: Tone;
  length: ResponseLength;
  variant: Variant;
};

export type OfflineDraft = { text: string; checks: CheckResult[]; citations: PortfolioHit[] };

/**
 * Drafts without any model: deterministic text from the template (or the offline writer), the
 * job, the profile and the matched portfolio items, then the same self-check as the agent.
 */
export function offlineDraft(input: OfflineInput): OfflineDraft {
  const { job, profile, portfolio, template, length } = input;
  const itemCount = length === 'short' ? 1 : length === 'medium' ? 2 : 3;
  const text = template
    ? applyTemplate(template.body, job, profile, portfolio.slice(0, itemCount))
    : writeOfflineDraft(input);
  const { text: checked, checks } = checkAndFix(text, {
    ...draftCheckInput(job, profile, portfolio),
    limit: Math.min(Math.max(LENGTH_TARGETS[length].max, 5000), 5000),
  });
  return { text: checked, checks, citations: cited(checked, portfolio) };
}

/** What the checks after drafting need to know, the same for every drafter. */
export function draftCheckInput(
  job: AgentJob,
  profile: AgentProfile,
  portfolio: PortfolioHit[],
): CheckInput {
  return {
    job,
    profile,
    factSources: factSources(job, profile, portfolio),
    allowedLinks: allowedLinks(portfolio),
    answerQuestion: (q) => offlineAnswer(q, profile, portfolio),
    closingQuestion: closingQuestionFor(job),
    specificLine: clientNeedSentence(job),
  };
}

/** Links a draft may carry: the portfolio's own (the profile has no links of its own yet). */
export function allowedLinks(portfolio: PortfolioHit[]): string[] {
  return portfolio.flatMap((p) => (p.url ? [p.url] : []));
}

export function factSources(
  job: AgentJob,
  profile: AgentProfile,
  portfolio: PortfolioHit[],
): string[] {
  return [
    job.title,
    job.description,
    job.budget ?? '',
    ...job.screeningQuestions,
    profile.overview ?? '',
    profile.title ?? '',
    ...profile.writingSamples,
    profile.hourlyRateMinor ? String(profile.hourlyRateMinor / 100) : '',
    ...portfolio.map((p) => `${p.title} ${p.description} ${p.results ?? ''} ${p.skills.join(' ')}`),
  ];
}

/** Portfolio items the final text actually names. */
export function cited(text: string, portfolio: PortfolioHit[]): PortfolioHit[] {
  const lower = text.toLowerCase();
  return portfolio.filter(
    (p) =>
      lower.includes(p.title.toLowerCase()) ||
      (p.url !== null && lower.includes(p.url.toLowerCase())),
  );
}

function taskOf(need: ClientNeed): string {
  return need.form === 'task' ? need.text : kindTask(need);
}

/** 'Improve' without a model: deterministic edits of the draft. */
export function offlineImprove(
  text: string,
  action: ImproveAction,
  job: AgentJob,
  // Kept for callers; the edits read the job's need, not the profile.
  _profile: AgentProfile,
): string {
  const paragraphs = text.trim().split(/\n\s*\n/);
  switch (action) {
    case 'shorter': {
      const target = Math.round(text.length * 0.7);
      const middle = paragraphs.slice(1, -2);
      const head = paragraphs.slice(0, 1);
      const tail = paragraphs.slice(Math.max(1, paragraphs.length - 2));
      while (middle.length > 0 && [...head, ...middle, ...tail].join('\n\n').length > target) {
        const index = middle.reduce(
          (best, para, i) => (para.length > middle[best]!.length ? i : best),
          0,
        );
        const sentences = middle[index]!.split(/(?<=[.!?])\s+/);
        if (sentences.length > 1) middle[index] = sentences.slice(0, -1).join(' ');
        else middle.splice(index, 1);
      }
      return [...head, ...middle, ...tail].join('\n\n');
    }
    case 'warmer': {
      const [first = '', ...rest] = paragraphs;
      const greeting = /^(hello|hi|hey|dear)\b/i.test(first)
        ? first.replace(/^(hello|dear)\b/i, 'Hi')
        : first;
      const need = readNeed(job);
      const friendly = TONE_PHRASES.friendly;
      const warm =
        need.form === 'problem'
          ? friendly.openProblem(need.text)
          : friendly.openTask(need.who, taskOf(need));
      if (text.includes(warm)) return [greeting, ...rest].join('\n\n');
      return [greeting, warm, ...rest].join('\n\n');
    }
    case 'more_specific': {
      const need = readNeed(job);
      const step = TONE_PHRASES.professional.firstStep(firstStep(need));
      const next = laterSteps(need).map((s) => `- ${s.charAt(0).toUpperCase()}${s.slice(1)}.`);
      const detail = text.includes(step)
        ? `${TONE_PHRASES.professional.stepsIntro}\n${next.join('\n')}`
        : step;
      if (text.includes(detail)) return text;
      const at = Math.min(2, paragraphs.length);
      return [...paragraphs.slice(0, at), detail, ...paragraphs.slice(at)].join('\n\n');
    }
    case 'add_question': {
      const question = projectQuestions(readNeed(job)).find((q) => !text.includes(q));
      if (!question) return text;
      const signature =
        paragraphs.length > 1 && paragraphs[paragraphs.length - 1]!.length <= 60
          ? paragraphs.pop()!
          : null;
      return [...paragraphs, question, ...(signature ? [signature] : [])].join('\n\n');
    }
  }
}
