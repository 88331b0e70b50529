import {
  LENGTH_TARGETS,
  type CheckResult,
  type ImproveAction,
  type ResponseLength,
  type Tone,
  type Variant,
} from '#contract/responses';
import { formatMoney } from '#contract/money';

import { checkAndFix } from './checks.ts';
import {
  applyTemplate,
  closingQuestionFor,
  firstSentence,
  matchingSkills,
  offlineAnswer,
  portfolioLine,
} from './draft-values.ts';
import { splitSentences } from './job-text.ts';
import type { AgentJob, AgentProfile, AgentTemplate, PortfolioHit } from './types.ts';

export const OFFLINE_MODEL = 'offline-engine';
export const OFFLINE_PROMPT_VERSION = 'offline@1';

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

const GREETINGS: Record<Tone, (name: string) => string> = {
  professional: (name) => `Hello ${name},`,
  friendly: (name) => `Hi ${name},`,
  confident: (name) => `Hi ${name},`,
  concise: (name) => `Hi ${name},`,
};

const SIGN_OFFS: Record<Tone, string> = {
  professional: 'Kind regards,',
  friendly: 'Thanks so much,',
  confident: 'Best,',
  concise: 'Thanks,',
};

/**
 * Drafts without any model: deterministic text from the template (or a built-in structure), the
 * job, the profile and the matched portfolio items, then the same self-check as the agent.
 */
export function offlineDraft(input: OfflineInput): OfflineDraft {
  const { job, profile, portfolio, template, tone, length, variant } = input;
  const itemCount = length === 'short' ? 1 : length === 'medium' ? 2 : 3;
  const items = portfolio.slice(0, itemCount);
  let text: string;
  if (template) {
    text = applyTemplate(template.body, job, profile, items);
  } else {
    const skills = matchingSkills(job, profile);
    const overviewSentences = splitSentences(profile.overview ?? '');
    const overview = overviewSentences
      .slice(0, length === 'short' ? 1 : length === 'medium' ? 2 : 4)
      .join(' ');
    const opening =
      variant === 'A' || items.length === 0
        ? `I read your post about ${job.title}. ${firstSentence(job.description)}${
            skills.length
              ? ` This is work I do every week with ${listJoin(skills.slice(0, 4))}.`
              : ''
          }`
        : `I recently delivered ${items[0]!.title}${items[0]!.results ? `: ${firstSentence(items[0]!.results)}` : '.'} Your post about ${job.title} asks for the same kind of work.`;
    const intro = [
      profile.title
        ? `I am ${profile.name ? `${profile.name}, ` : ''}${aOrAn(profile.title)} ${profile.title}.`
        : '',
      overview,
    ]
      .filter(Boolean)
      .join(' ');
    const proof = items.length ? `Relevant work:\n${items.map(portfolioLine).join('\n')}` : '';
    const answers = job.screeningQuestions.length
      ? `Answers to your questions:\n\n${job.screeningQuestions.map((q) => `${q}\n${offlineAnswer(q, profile, portfolio)}`).join('\n\n')}`
      : '';
    const rate =
      length !== 'short' && profile.hourlyRateMinor
        ? `My rate is ${formatMoney(profile.hourlyRateMinor, profile.currency)}/hr${job.budget ? ` and your budget (${job.budget}) works for a first milestone` : ''}.`
        : '';
    const signOff = `${SIGN_OFFS[tone]}\n${profile.signature ?? profile.name ?? ''}`.trim();
    text = [
      GREETINGS[tone](job.clientName ?? 'there'),
      opening,
      intro,
      proof,
      answers,
      rate,
      closingQuestionFor(job),
      signOff,
    ]
      .filter((part) => part.trim() !== '')
      .join('\n\n');
  }
  const limit = Math.max(LENGTH_TARGETS[length].max, 5000);
  const { text: checked, checks } = checkAndFix(text, {
    job,
    factSources: factSources(job, profile, portfolio),
    answerQuestion: (q) => offlineAnswer(q, profile, portfolio),
    closingQuestion: closingQuestionFor(job),
    limit: Math.min(limit, 5000),
  });
  return { text: checked, checks, citations: cited(checked, portfolio) };
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

function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function aOrAn(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** 'Improve' without a model: deterministic edits of the draft. */
export function offlineImprove(
  text: string,
  action: ImproveAction,
  job: AgentJob,
  profile: AgentProfile,
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
      const warm = `Thanks for sharing such a clear brief for ${job.title}; it sounds like a project I would enjoy.`;
      return [greeting, warm, ...rest].join('\n\n');
    }
    case 'more_specific': {
      const skills = matchingSkills(job, profile);
      const detail = `For ${job.title}, ${skills.length ? `the ${skills.slice(0, 3).join(', ')} work` : 'the work you describe'} is the part I would start with: ${firstSentence(job.description)}`;
      const [first = '', ...rest] = paragraphs;
      return [first, detail, ...rest].join('\n\n');
    }
    case 'add_question': {
      const question = closingQuestionFor(job);
      if (text.includes(question)) return text;
      const signature =
        paragraphs.length > 1 && paragraphs[paragraphs.length - 1]!.length <= 60
          ? paragraphs.pop()!
          : null;
      return [...paragraphs, question, ...(signature ? [signature] : [])].join('\n\n');
    }
  }
}
