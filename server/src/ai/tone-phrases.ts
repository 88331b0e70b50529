import type { Tone } from '#contract/responses';

import type { AgentProfile } from './types.ts';

/**
 * How each tone words the parts of a draft. Every tone has its own sentences for the opening,
 * the approach, the proof, the rate and the close, so a tone changes the wording, not only the
 * greeting. Each phrase takes facts already read from the post or the profile.
 */
export type TonePhrases = {
  greeting: (name: string | null) => string;
  signOff: string;
  /** Opening from who they need ("a React developer") and the task ("fix your checkout"). */
  openTask: (who: string, task: string) => string;
  /** Opening from a problem clause ("your checkout is slow on mobile"). */
  openProblem: (problem: string) => string;
  /** Another fact of the post, as a clause ("it should feel friendly and simple"). */
  detail: (fact: string) => string;
  /** The first step, from an infinitive ("reproduce the bug on a copy"). */
  firstStep: (step: string) => string;
  /** Leads the list of later steps. */
  stepsIntro: string;
  /** Leads the main portfolio proof; the item's own words follow. */
  proof: (fact: string) => string;
  /** Variant B opens with the proof, then ties it to the need. */
  proofFirst: (fact: string) => string;
  proofThenNeed: (who: string, task: string) => string;
  moreProof: string;
  rate: (rate: string) => string;
  /** A small first milestone, so the client can judge the work before committing to more. */
  milestone: string;
  /** How the client hears about progress. */
  updates: string;
  availability: string;
  deadline: (when: string) => string;
  aboutMe: (title: string) => string;
  questionsIntro: string;
  /** Leads the list of what the freelancer needs from the client to start. */
  inputsIntro: string;
  answersIntro: string;
};

export const TONE_PHRASES: Record<Tone, TonePhrases> = {
  professional: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    signOff: 'Kind regards,',
    openTask: (who, task) => `You are looking for ${who} to ${task}.`,
    openProblem: (problem) => `I understand that ${problem}.`,
    detail: (fact) => `You also mention that ${fact}, which I would plan around from the start.`,
    firstStep: (step) => `My first step would be to ${step}.`,
    stepsIntro: 'From there, I would:',
    proof: (fact) => `The closest work in my portfolio is ${fact}`,
    proofFirst: (fact) => `The most relevant result I can point to is ${fact}`,
    proofThenNeed: (who, task) =>
      `Your post describes the same kind of work: you need ${who} to ${task}.`,
    moreProof: 'Other relevant work:',
    milestone:
      'I would suggest a small first milestone around that first step, so you can judge the quality of the work before committing to more.',
    updates:
      'While the work is under way, you would get a short written update at the end of each working day: what is done, what is next and anything I need from you.',
    rate: (rate) =>
      `My rate is ${rate}/hr, and I can give you a fixed estimate once the scope is agreed.`,
    availability: 'I will confirm my availability and a start date with you before we begin.',
    deadline: (when) => `I would plan the milestones around your timeline (${when}).`,
    aboutMe: (title) => `For context, I work as ${title}.`,
    questionsIntro: 'A few questions that would help me plan:',
    inputsIntro: 'To start efficiently, it would help to have:',
    answersIntro: 'Answers to your questions:',
  },
  friendly: {
    greeting: (name) => `Hi ${name ?? 'there'},`,
    signOff: 'Thanks so much,',
    openTask: (who, task) =>
      `It sounds like you need ${who} to ${task}, and I'd enjoy taking this on.`,
    openProblem: (problem) => `It sounds like ${problem}, and I'd be glad to help.`,
    detail: (fact) => `I also noticed that ${fact}, so I'd keep that in mind from the start.`,
    firstStep: (step) => `The first thing I'd do is ${step}.`,
    stepsIntro: "After that, here's roughly how I'd go about it:",
    proof: (fact) => `Something close to this that I've worked on is ${fact}`,
    proofFirst: (fact) => `I'd like to start with a project I'm proud of, ${fact}`,
    proofThenNeed: (who, task) =>
      `Reading your post, it's a similar job: you need ${who} to ${task}.`,
    moreProof: 'A couple of other pieces you might like to look at:',
    milestone:
      'If it helps, we could start with a small first milestone so you can see how we work together before going further.',
    updates:
      'I like to keep things relaxed and clear: a quick note at the end of each day I work on it, so you always know where things stand.',
    rate: (rate) =>
      `My rate is ${rate}/hr, and I'm happy to talk through a fixed price once we've agreed the scope.`,
    availability: 'We can pick a start date and a weekly rhythm that suits you.',
    deadline: (when) =>
      `I noticed the timing (${when}), so I'd plan the work to leave room for a review before then.`,
    aboutMe: (title) => `A little about me: I'm ${title}.`,
    questionsIntro: "A few things I'm curious about:",
    inputsIntro: "To hit the ground running, it'd be great to have:",
    answersIntro: 'And to answer your questions:',
  },
  confident: {
    greeting: (name) => `Hi ${name ?? 'there'},`,
    signOff: 'Best,',
    openTask: (_who, task) => `I can ${task}.`,
    openProblem: (problem) => `I read that ${problem}; that is exactly the kind of work I take on.`,
    detail: (fact) => `I noted that ${fact}; I would plan around it.`,
    firstStep: (step) => `On day one I would ${step}.`,
    stepsIntro: 'Then:',
    proof: (fact) => `A result from similar work: ${fact}`,
    proofFirst: (fact) => `I have delivered this kind of work before: ${fact}`,
    proofThenNeed: (who, task) =>
      `You need ${who} to ${task}, and I can bring the same approach to it.`,
    moreProof: 'More work along the same lines:',
    milestone:
      'Start with one small milestone: you see working results early and decide on the rest with evidence.',
    updates:
      'You will know where things stand every day: a short update with what shipped and what is next.',
    rate: (rate) => `My rate is ${rate}/hr.`,
    availability: 'Once we agree the scope, I can set a start date with you straight away.',
    deadline: (when) => `Your timeline (${when}) is realistic if we agree the scope early.`,
    aboutMe: (title) => `I am ${title}.`,
    questionsIntro: 'To plan it well, I need to know:',
    inputsIntro: 'What I need from you to start:',
    answersIntro: 'Your questions:',
  },
  concise: {
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    signOff: 'Thanks,',
    openTask: (who, task) => `You need ${who} to ${task}.`,
    openProblem: (problem) => `Your situation: ${problem}.`,
    detail: (fact) => `Noted: ${fact}; I'd plan for it from day one.`,
    firstStep: (step) => `First: ${step}.`,
    stepsIntro: 'Next:',
    proof: (fact) => `Relevant: ${fact}`,
    proofFirst: (fact) => `Relevant result: ${fact}`,
    proofThenNeed: (who, task) => `Your need: ${who} to ${task}.`,
    moreProof: 'Also:',
    milestone: 'Suggested start: one small milestone.',
    updates: 'Updates: short and daily.',
    rate: (rate) => `Rate: ${rate}/hr.`,
    availability: 'Start date: to agree with you.',
    deadline: (when) => `Timeline: ${when}.`,
    aboutMe: (title) => `I am ${title}.`,
    questionsIntro: 'Questions:',
    inputsIntro: 'Needed from you:',
    answersIntro: 'Answers:',
  },
};

const GREETING_LINE =
  /^(hey|hi|hello|dear|greetings|good (?:morning|afternoon|evening)|hiya|howdy)\b[^\n]{0,40}$/i;
const SIGN_OFF_LINE =
  /^(cheers|thanks|thank you|many thanks|thanks so much|best|best regards|kind regards|warm regards|regards|all the best|talk soon|speak soon|sincerely|warmly)[!.]?,?$/i;

/** The greeting word(s) the user writes with, from their writing samples ("Hey Sam," -> "Hey"). */
export function sampleGreeting(samples: string[]): string | null {
  for (const sample of samples) {
    const first = sample.trim().split('\n')[0]?.trim() ?? '';
    const match = GREETING_LINE.exec(first);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** The sign-off line the user writes with, from their writing samples ("Cheers,"). */
export function sampleSignOff(samples: string[]): string | null {
  for (const sample of samples) {
    const lines = sample
      .trim()
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    for (const line of lines.slice(-3)) {
      const match = SIGN_OFF_LINE.exec(line);
      if (match?.[1]) return `${match[1]},`;
    }
  }
  return null;
}

/** The greeting for this draft: the user's own word when their samples show one. */
export function greetingFor(tone: Tone, profile: AgentProfile, clientName: string | null): string {
  const word = sampleGreeting(profile.writingSamples);
  if (!word) return TONE_PHRASES[tone].greeting(clientName);
  if (clientName) return `${word} ${clientName},`;
  return /^dear$/i.test(word) ? TONE_PHRASES[tone].greeting(null) : `${word} there,`;
}

/** Sign-off and signature: the user's own sign-off when their samples show one, then their name. */
export function signOffFor(tone: Tone, profile: AgentProfile): string {
  const line = sampleSignOff(profile.writingSamples) ?? TONE_PHRASES[tone].signOff;
  const name = profile.signature?.trim() || profile.name?.trim() || '';
  return `${line}\n${name}`.trim();
}
