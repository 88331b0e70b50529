import { listJoin, readNeed, type ClientNeed, type WorkKind } from './client-need.ts';
import type { AgentJob } from './types.ts';

/**
 * What a freelancer would do first, then next, for each kind of work, and what they would ask
 * the client about their project. The sentences name the job's own tech and the thing the post
 * is about, so they read as written for this job; all are infinitives ("reproduce the bug...").
 */

/** The tech to name, the thing the work is about, and the tool the task moves or links to. */
type Words = { tech: string; thing: string; target: string };

function words(need: ClientNeed): Words {
  const tech = listJoin(need.tech.slice(0, 2));
  // "move your blog to Next.js": the tool named after "to" (or "with") is where the work lands.
  const target =
    need.tech.find((t) =>
      ['to', 'with', 'into'].some((w) =>
        need.text.toLowerCase().includes(`${w} ${t.toLowerCase()}`),
      ),
    ) ??
    need.tech[0] ??
    '';
  return { tech, thing: need.thing ?? 'your project', target };
}

const FIRST_STEPS: Record<WorkKind, (w: Words) => string> = {
  fix: ({ tech, thing }) =>
    `reproduce the problem on a copy of ${thing}${tech ? ` (${tech})` : ''} and trace it to its cause before changing any code`,
  build: ({ tech }) =>
    `agree with you the smallest version worth shipping, then set up the ${tech ? `${tech} ` : ''}project so you can see progress within the first days`,
  migrate: ({ target, thing }) =>
    `map everything ${thing} holds today (data, links, integrations) and run a trial move${target ? ` to ${target}` : ''} on a copy, so nothing is lost on the switch`,
  integrate: ({ target, thing }) =>
    `get one end-to-end call working for ${thing}${target && !thing.includes(target) ? ` (${target})` : ''} in a sandbox, so we both see the data flow before building the rest`,
  design: ({ tech, thing }) =>
    `look at ${thing} as it is today and who it is for, then share a rough ${tech ? `${tech} ` : ''}draft of the key screen before polishing anything`,
  optimise: ({ tech, thing }) =>
    `measure where the time goes in ${thing}${tech ? ` (${tech} profiling and real page timings)` : ''}, so each fix targets the slowest part`,
  automate: ({ tech }) =>
    `write down the manual steps you do today and automate the most repetitive one${tech ? ` with ${tech}` : ''}, so you can check it against the real thing`,
  write: ({ thing }) =>
    `ask about your readers and the voice you want, then send a short outline of ${thing} before writing the full piece`,
  data: ({ tech, thing }) =>
    `look at a sample of the data behind ${thing} to check its shape and quality, then agree the questions the ${tech ? `${tech} ` : ''}work should answer`,
  // The thing a service post is about is often a person or an event: the plan does not name it.
  service: ({ tech }) =>
    `agree the brief with you (what the work must achieve, examples you like, the deadline), then deliver a first ${tech ? `${tech} ` : ''}part for your feedback before doing the rest`,
};

const LATER_STEPS: Record<WorkKind, (w: Words) => string[]> = {
  fix: ({ thing }) => [
    'fix the cause rather than the symptom, with a test that fails before the fix and passes after',
    `check the rest of ${thing} for the same pattern`,
    'ship the fix with a short note on what changed and why',
  ],
  build: ({ tech }) => [
    `build the core flow first${tech ? ` in ${tech}` : ''} and share a working preview you can click through`,
    'add the remaining pieces in small milestones you can review one at a time',
    'hand over clean code with a short readme so anyone can run and deploy it',
  ],
  migrate: ({ thing }) => [
    'move the data in batches and compare counts and samples against the original',
    `keep ${thing} running until the new version is checked, then switch over`,
    'leave you a checklist to roll back if anything looks wrong',
  ],
  integrate: () => [
    'handle the failure cases (timeouts, retries, duplicate events) before the happy path goes live',
    'log every call so problems are easy to trace later',
    'document the setup so keys and settings can be changed without code',
  ],
  design: () => [
    'turn the chosen direction into the remaining screens with consistent components',
    'check the designs on small screens and for readability',
    'hand over files organised so a developer can build from them directly',
  ],
  optimise: () => [
    'fix the biggest bottleneck first and measure again before moving on',
    'add a simple check so the speed does not slip back after future changes',
    'send you before-and-after numbers for each change',
  ],
  automate: () => [
    'add checks and alerts so you know when a run fails',
    'extend the automation step by step once the first one runs reliably',
    'write a short guide so you can run or adjust it yourself',
  ],
  write: () => [
    'write the first draft to the agreed outline and length',
    'revise it with your feedback in one or two rounds',
    'check facts, links and formatting before handing it over',
  ],
  data: ({ tech }) => [
    `clean and join the data${tech ? ` with ${tech}` : ''}, noting every assumption`,
    'build the first view or report around your most important question',
    'walk you through the results and how to update them',
  ],
  service: () => [
    'deliver the rest in the order we agree, checking each part against the brief',
    'revise with your feedback in one or two rounds',
    'hand over the final files in the formats you need',
  ],
};

const INPUTS: Record<WorkKind, (w: Words) => string[]> = {
  fix: ({ thing }) => [
    `access to the code behind ${thing} (or a copy of it)`,
    'a staging or test environment where I can reproduce the problem safely',
    'the steps that trigger the problem, as you or your customers see it',
  ],
  build: ({ tech }) => [
    'any designs, wireframes or examples you like',
    `access to the repository and hosting${tech ? ` you already use for ${tech}` : ''}, if there is one`,
    'one person who can answer product questions within a day or so',
  ],
  migrate: ({ thing }) => [
    `admin access to ${thing} and to the new platform`,
    'a list of pages, links or integrations that must not break',
    'a quiet time window for the final switch',
  ],
  integrate: ({ target }) => [
    `sandbox or test credentials${target ? ` for ${target}` : ''} and for the other system`,
    'a few example records that show the usual and the awkward cases',
    'who to contact on the other side if their API behaves unexpectedly',
  ],
  design: () => [
    'your logo, colours and fonts, if you have them',
    'two or three designs you like, and one you do not',
    'the main action you want visitors to take',
  ],
  optimise: ({ thing }) => [
    `access to ${thing} and its monitoring or logs`,
    'a copy of the data (or a realistic sample) to measure against',
    'which pages or actions matter most to your users',
  ],
  automate: () => [
    'a walkthrough of how the task is done today, even a rough screen recording',
    'access to the files or accounts the task touches',
    'an example of a finished result you are happy with',
  ],
  write: () => [
    'a short description of your readers',
    'two or three pieces whose style you like',
    'any topics, keywords or claims to include or avoid',
  ],
  data: () => [
    'read access to the data, or an export of it',
    'the questions you most want answered',
    'anyone who knows the quirks of how the data is recorded',
  ],
  service: () => [
    'the files or material you already have',
    'one or two examples of results you like',
    'the deadline and how you would like to receive the work',
  ],
};

/** What the freelancer needs from the client to start well, for this kind of work. */
export function inputsNeeded(need: ClientNeed): string[] {
  return INPUTS[need.kind](words(need));
}

/** The first thing to do for this job, as an infinitive naming its tech. */
export function firstStep(need: ClientNeed): string {
  return FIRST_STEPS[need.kind](words(need));
}

export function laterSteps(need: ClientNeed): string[] {
  return LATER_STEPS[need.kind](words(need));
}

const QUESTIONS: Record<WorkKind, (w: Words) => string[]> = {
  fix: ({ thing, tech }) => [
    `When did the problem with ${thing} start, and did anything change around then (an update, a new plugin, a deploy)?`,
    `Can you share the exact error message or a short screen recording of it happening${tech ? ` in ${tech}` : ''}?`,
  ],
  build: ({ thing, tech }) => [
    `Do you already have designs or wireframes for ${thing}, or would you like me to propose the first screens?`,
    `Is any of it already built${tech ? ` in ${tech}` : ''}, or would I be starting from a blank repository?`,
  ],
  migrate: ({ thing }) => [
    `Roughly how much data lives in ${thing} today, and can it stay online while we switch?`,
    'Are there links or integrations that must keep working exactly as they do now?',
  ],
  integrate: ({ thing, target }) => [
    `Do you already have ${target ? `${target} ` : ''}API access and a sandbox account, or should we set those up together?`,
    `Which system should win when ${thing} and the other side disagree about a record?`,
  ],
  design: ({ thing }) => [
    `Do you have brand guidelines, or a few examples of designs you like for ${thing}?`,
    'Who will use it most, and on which devices?',
  ],
  optimise: ({ thing }) => [
    `Do you have numbers for how slow ${thing} is today, and on which pages or devices it is worst?`,
    'Has it always been this slow, or did it start after a particular change?',
  ],
  automate: ({ tech }) => [
    `How often is this done by hand today, and which tools does it touch${tech ? ` besides ${tech}` : ''}?`,
    'What should happen when a run fails: an email, a message, or a retry?',
  ],
  write: ({ thing }) => [
    `Who is the main reader of ${thing}, and do you have a piece whose tone you like?`,
    'Do you have a word count and a publishing date in mind?',
  ],
  data: ({ thing }) => [
    `Where does the data behind ${thing} live today (spreadsheets, a database, an API), and how often does it change?`,
    'Which decision should the first report help you make?',
  ],
  service: () => [
    'What would make the first delivery a clear success for you?',
    'Do you have an example of a result you liked, from before or from someone else?',
  ],
};

/** Questions about the client's own project, most useful first. */
export function projectQuestions(need: ClientNeed): string[] {
  const questions = QUESTIONS[need.kind](words(need));
  if (need.deadline) {
    questions.push(
      `Is "${need.deadline}" a fixed date, or is there room if the first milestone lands early?`,
    );
  }
  questions.push(
    'Is there anything you have already tried that did not work, so I do not repeat it?',
    'Who will I work with day to day, and how do you prefer to get updates?',
  );
  return questions;
}

/** What the draft asks the client at the end: a question about their project, from the post. */
export function closingQuestionFor(job: AgentJob): string {
  return projectQuestions(readNeed(job))[0]!;
}
