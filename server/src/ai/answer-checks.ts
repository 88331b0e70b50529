import { leftoverMarkers } from '#contract/response-checks';
import type { CheckResult } from '#contract/responses';

import { insertAfterGreeting, insertBeforeClosing } from './draft-edits.ts';
import { splitSentences } from './job-text.ts';
import { answerableQuestions } from './job-view.ts';
import { significantWords } from './text-words.ts';
import type { AgentJob } from './types.ts';

/*
 * Two checks that must not pass on a template: "specific to this job" and "answers every
 * screening question". Pasting the job's title or first sentence back is not being specific, and
 * writing the question followed by a stock line is not answering it.
 */

type Edited = { text: string; check: CheckResult };

/** Words that say nothing about a particular job. */
const GENERIC = new Set(
  'work project projects need needs looking someone help experience experienced developer freelancer expert job post role team company business client clients quality time great good best strong skills skill years deliver delivered please thanks contact apply proposal budget hourly fixed price rate start long term ongoing'.split(
    ' ',
  ),
);

/** A crude stem: no plural s, first five letters ("weeks" and "week" meet). */
const stem = (word: string) => (word.length > 3 ? word.replace(/s$/, '') : word).slice(0, 5);

/** A sentence of the draft that mostly repeats a sentence of the job (a paste, not a thought). */
function isCopied(sentence: string, jobSentences: string[][]): boolean {
  const words = significantWords(sentence);
  if (words.length < 4) return false;
  return jobSentences.some((jobWords) => {
    const set = new Set(jobWords);
    return words.filter((w) => set.has(w)).length / words.length >= 0.75;
  });
}

/**
 * Specific: outside copied sentences and the title, the draft uses at least two of the job's own
 * words (its skills count), so it talks about this client's work.
 */
export function isSpecific(text: string, job: AgentJob): boolean {
  const jobSentences = splitSentences(job.description).map(significantWords);
  const title = new Set(significantWords(job.title).map(stem));
  const own = splitSentences(text)
    .filter((s) => !isCopied(s, jobSentences))
    .filter((s) => !/\byour (?:post|job) (?:about|titled|called)\b/i.test(s))
    .join(' ');
  const draftStems = new Set(significantWords(own).map(stem));
  // The client's asks and the traps are not the work: echoing them is not being specific.
  const aside = [...job.promptTraps, ...job.clientAsks.map((ask) => ask.excerpt)];
  const workText = aside.reduce(
    (text, sentence) => text.split(sentence).join(' '),
    `${job.description} ${job.screeningQuestions.join(' ')}`,
  );
  const jobWords = [
    ...new Set(
      significantWords(workText)
        .filter((w) => !GENERIC.has(w) && w.length > 3)
        .map(stem),
    ),
  ].filter((w) => !title.has(w));
  const skillHits = job.skills.filter(
    (skill) => skill.length > 1 && own.toLowerCase().includes(skill.toLowerCase()),
  ).length;
  const wordHits = jobWords.filter((w) => draftStems.has(w)).length;
  if (jobWords.length === 0) return skillHits > 0 || own.trim().length > 0;
  return wordHits + skillHits >= Math.min(2, jobWords.length);
}

export function specificCheck(text: string, job: AgentJob, specificLine: string): Edited {
  const specific = isSpecific(text, job);
  // A draft already holding the line, or a close copy of it, is not given it twice.
  const lineWords = new Set(significantWords(specificLine));
  const echoed = splitSentences(text).some((sentence) => {
    const words = significantWords(sentence);
    return words.length > 0 && words.filter((w) => lineWords.has(w)).length / lineWords.size >= 0.6;
  });
  const repaired = echoed ? text : insertAfterGreeting(text, specificLine);
  return {
    text: specific ? text : repaired,
    check: {
      id: 'specific',
      label: 'Specific to this job',
      passed: specific,
      fixed: !specific,
      detail: specific
        ? 'Talks about this job in its own words, not a pasted title or sentence.'
        : 'Added a sentence about what the client needs: the draft said nothing particular to this job.',
    },
  };
}

type Located = { answer: string; from: number; to: number };

/** The question in the draft and the lines that answer it, up to a blank line or next question. */
function locateAnswer(text: string, question: string): Located | null {
  const lines = text.split('\n');
  const target = significantWords(question);
  // The lookbehind starts the match only where the last run of question marks starts (linear).
  const bare = question
    .toLowerCase()
    .replace(/(?<!\?)\?+$/, '')
    .trim();
  let inline = '';
  const index = lines.findIndex((line) => {
    const words = significantWords(line);
    const at = bare ? line.toLowerCase().indexOf(bare) : -1;
    if (at !== -1) {
      inline = line
        .slice(at + bare.length)
        .replace(/^[?:\s]+/, '')
        .trim();
      return true;
    }
    return (
      target.length > 0 &&
      line.trim().endsWith('?') &&
      target.filter((w) => words.includes(w)).length / target.length >= 0.7
    );
  });
  if (index === -1) return null;
  const answer: string[] = inline ? [inline] : [];
  let to = index + 1;
  for (const line of lines.slice(index + 1)) {
    if (line.trim() === '' && answer.length > 0) break;
    if (line.trim().endsWith('?') && answer.length > 0) break;
    if (line.trim() !== '') answer.push(line.trim());
    to++;
  }
  return { answer: answer.join(' '), from: index + 1, to };
}

function answerAfter(text: string, question: string): string | null {
  return locateAnswer(text, question)?.answer ?? null;
}

/** The answer responds to the question: shares a word with it, or gives a fact (a figure, a link). */
function responds(answer: string, question: string): boolean {
  if (leftoverMarkers(answer).length > 0) return true;
  const asked = new Set(
    significantWords(question)
      .filter((w) => !GENERIC.has(w))
      .map(stem),
  );
  const said = significantWords(answer).map(stem);
  if (said.some((w) => asked.has(w))) return true;
  // A price question answered with an amount.
  if (
    /\b(?:rate|price|cost|budget|charge|fee|quote|hourly)\b/i.test(question) &&
    /[$€£]\s?\d|\d\s?(?:usd|eur|gbp)\b|\d\s?\/\s?h/i.test(answer)
  )
    return true;
  // A name mid-sentence (a client, a product, a tool) is a fact; a stock line has none.
  const named = splitSentences(answer).some((sentence) =>
    sentence
      .split(/\s+/)
      .slice(1)
      .some((word) => /^\p{Lu}[\p{L}\p{N}]/u.test(word) && !/^I(?:'|’|$)/.test(word)),
  );
  return (named || /\d|https?:\/\//.test(answer)) && said.length >= 3;
}

/** Answered when the question is followed by a responsive answer, or one paragraph carries it. */
export function isAnswered(text: string, question: string): boolean {
  const answer = answerAfter(text, question);
  if (answer !== null) return answer.length > 0 && responds(answer, question);
  const words = [...new Set(significantWords(question))];
  if (words.length === 0) return true;
  return text
    .toLowerCase()
    .split(/\n\s*\n/)
    .some((para) => {
      const hits = words.filter((w) => para.includes(w)).length;
      return hits / words.length >= 0.6 && significantWords(para).length >= words.length + 5;
    });
}

export function screeningCheck(
  text: string,
  job: AgentJob,
  answerQuestion: (question: string) => string,
): Edited {
  const questions = answerableQuestions(job);
  const missing = questions.filter((q) => !isAnswered(text, q));
  let edited = text;
  const absent: string[] = [];
  for (const question of missing) {
    // A stock line under the question is replaced in place; a question not there is added.
    const located = locateAnswer(edited, question);
    if (!located) {
      absent.push(question);
      continue;
    }
    const lines = edited.split('\n');
    lines.splice(located.from, located.to - located.from, answerQuestion(question));
    edited = lines.join('\n');
  }
  if (absent.length > 0) {
    const answers = absent.map((q) => `${q}\n${answerQuestion(q)}`).join('\n\n');
    edited = insertBeforeClosing(edited, answers);
  }
  const waiting = questions.filter((q) => leftoverMarkers(answerAfter(edited, q) ?? '').length > 0);
  const answered = questions.length - waiting.length;
  const detail =
    questions.length === 0
      ? 'The post has no screening questions.'
      : [
          missing.length > 0 ? `Answered ${missing.length} question(s) the draft had missed.` : '',
          waiting.length > 0
            ? `${answered} of ${questions.length} answered; ${waiting.length} need${waiting.length === 1 ? 's' : ''} your own answer where it says [Add: …].`
            : `All ${questions.length} question(s) answered.`,
        ]
          .filter(Boolean)
          .join(' ');
  return {
    text: edited,
    check: {
      id: 'screening',
      label: 'Answers every screening question',
      passed: missing.length === 0 && waiting.length === 0,
      fixed: missing.length > 0,
      detail,
    },
  };
}
