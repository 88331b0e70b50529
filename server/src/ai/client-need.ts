import { splitSentences } from './job-text.ts';
import { lowerFirst, toSecondPerson, trimEnd } from './second-person.ts';
import type { AgentJob } from './types.ts';

/**
 * What the client needs, read from the post: the sentence that states the need, restated in the
 * second person ("fix your checkout"), the kind of work it is, the thing it is about ("Stripe
 * checkout flow") and any deadline. Nothing here is invented: every word comes from the post.
 */
export type WorkKind =
  | 'fix'
  | 'build'
  | 'migrate'
  | 'integrate'
  | 'design'
  | 'optimise'
  | 'automate'
  | 'write'
  | 'data'
  /** Work no other kind describes (video, translation, tutoring, bookkeeping…): a neutral plan. */
  | 'service';

export type ClientNeed = {
  /** 'task' reads after "someone to" ("fix your checkout"); 'problem' is a clause ("your site is slow"). */
  form: 'task' | 'problem' | 'none';
  text: string;
  /** Who the client is looking for ("a React developer"), or "someone". */
  who: string;
  kind: WorkKind;
  /** The main thing the work is about, in second person ("your Stripe checkout flow"), or null. */
  thing: string | null;
  deadline: string | null;
  /** The job's own tech (its skills), for sentences that name it. */
  tech: string[];
};

const NEED_WORDS =
  /\b(need|needs|needed|looking for|seeking|want|wants|would like|help|problem|issue|currently|broken|slow|deadline|require|requires|must|fix|build|migrate|hire|hiring)\b/i;

/** Sentences that talk to applicants about the proposal, not about the project. */
const ABOUT_APPLYING =
  /\b(proposals?|cover letter|apply|applying|applicants?|in your reply|your response|if you are an? |start your|begin your|include the word|end your|the word)\b/i;

const KIND_WORDS: Array<[WorkKind, RegExp]> = [
  [
    'fix',
    /\b(fix|fixing|bugs?|broken|errors?|crash\w*|debug\w*|not working|stopped working|issues?)\b/gi,
  ],
  [
    'migrate',
    /\b(migrat\w*|move (?:from|to)|moving (?:from|to)|upgrad\w*|port(?:ing)? (?:from|to)|convert\w*)\b/gi,
  ],
  ['integrate', /\b(integrat\w*|connect\w*|webhooks?|sync\w*|apis?|zapier)\b/gi],
  ['optimise', /\b(slow|speed|performance|optimi[sz]\w*|faster|load times?|latency)\b/gi],
  ['automate', /\b(automat\w*|scripts?|scrap\w*|workflows?|cron|bots?)\b/gi],
  ['design', /\b(design\w*|figma|ui|ux|logo|mockups?|wireframes?|branding)\b/gi],
  // "Articles" and "content" are as often what software serves as what a writer writes.
  ['write', /\b(writ\w*|copywrit\w*|copy|blog posts?|proofread\w*|ghostwrit\w*|newsletters?)\b/gi],
  [
    'data',
    /\b(data|analys\w*|analytics|dashboards?|reports?|excel|spreadsheets?|sql|visuali[sz]\w*)\b/gi,
  ],
  ['build', /\b(build\w*|develop(?!er)\w*|mvp|app|website|implement\w*|code|software)\b/gi],
  [
    'service',
    /\b(translat\w*|locali[sz]\w*|tutor\w*|lessons?|teach\w*|video|films?|footage|edit(?:ing|or)|photo\w*|bookkeep\w*|accounting|transcri\w*|voice ?over|customer support|support agent|recruit\w*)\b/gi,
  ],
];

/** Sentences about the project: not about how to apply, not questions, not labelled lines. */
function projectSentences(job: AgentJob): string[] {
  const traps = [...job.promptTraps, ...job.clientAsks.map((a) => a.excerpt)].map((t) =>
    t.toLowerCase(),
  );
  const questions = new Set(job.screeningQuestions.map((q) => q.trim().toLowerCase()));
  return splitSentences(job.description)
    .map((s) => s.replace(/^\s{0,8}(?:[-*•]|\d{1,2}[.)])\s{0,4}/, '').trim())
    .filter(
      (s) =>
        s.length >= 12 &&
        !s.endsWith('?') &&
        !questions.has(s.toLowerCase()) &&
        !/^[A-Za-z ]{2,20}:/.test(s) &&
        !ABOUT_APPLYING.test(s) &&
        !traps.some((t) => t.includes(s.toLowerCase()) || s.toLowerCase().includes(t)),
    );
}

/** The post's sentence that best states the need: need words score, earlier sentences win ties. */
export function needSentence(job: AgentJob): string | null {
  const sentences = projectSentences(job);
  let best: string | null = null;
  let bestScore = 0;
  for (const sentence of sentences) {
    const score = (sentence.match(new RegExp(NEED_WORDS, 'gi')) ?? []).length;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best ?? sentences[0] ?? null;
}

type Task = { who: string; task: string };

/**
 * Task after a need word: "We need a React dev to fix X" -> who "a React dev", task "fix X";
 * "we want help understanding X" -> task "help with understanding X".
 */
function taskOf(sentence: string): Task | null {
  const role =
    /\b(?:need|needs|looking for|seeking|want|wants|would like|require|requires|hire|hiring)\b([^.,;]{0,60}?)\bto (.{8,})$/i.exec(
      sentence,
    );
  if (role?.[2]) {
    const who = role[1]!.trim();
    return {
      who: /^(an?|some|one|the|two|experienced|skilled)\b/i.test(who) ? who : '',
      task: role[2],
    };
  }
  const help = /\b(?:need|needs|want|wants|would like)\b(?: some)? help (.{4,})$/i.exec(sentence);
  if (help?.[1]) {
    // "help ASAP with my website" -> "help with my website".
    // A comma starts another clause ("my website, it is broken"): the detail, not the task.
    const rest = (help[1].split(',')[0] ?? '').replace(
      /^(?:asap|urgently|quickly|immediately|now) /i,
      '',
    );
    return { who: '', task: /^(?:with|on|to) /i.test(rest) ? `help ${rest}` : `help with ${rest}` };
  }
  return null;
}

/** Verbs a requirement bullet starts with ("- Build pivot tables"). */
const BULLET_VERBS = new Set(
  'build create fix clean design write migrate move set integrate connect develop implement add update improve optimise optimize automate analyse analyze review test deploy convert import export scrape make redesign refactor translate edit research prepare configure install maintain debug speed'.split(
    ' ',
  ),
);

/** The first two requirement bullets that start with a verb, joined: "clean up X and build Y". */
function bulletTask(job: AgentJob): string | null {
  const tasks = job.description
    .split('\n')
    .filter((line) => /^\s{0,8}(?:[-*•]|\d{1,2}[.)])\s/.test(line))
    .map((line) => line.replace(/^\s{0,8}(?:[-*•]|\d{1,2}[.)])\s{1,4}/, '').trim())
    .filter((line) => BULLET_VERBS.has((line.split(' ')[0] ?? '').toLowerCase()))
    .map((line) => lowerFirst(trimClause(toSecondPerson(line))));
  return tasks.length ? listJoin(tasks.slice(0, 2)) : null;
}

/** A sentence describing something wrong, not just the setup ("takes 12 seconds", "by hand"). */
const PROBLEM_WORDS =
  /\b(slow|broken|errors?|fails?|failing|takes|crash\w*|bugs?|issues?|problems?|by hand|manually|can't|cannot|doesn't|does not|stopped)\b/i;

/** Words near the start of a task that point back to an earlier sentence ("make it fast"). */
const DANGLING = /^(?:\S+ ){0,3}(?:it|this|that|them|why)\b/i;

/** The work a verb names: "move your blog" is a migration whatever else the post says. */
const VERB_KINDS: Array<[RegExp, WorkKind]> = [
  [/^(?:fix|debug|repair|troubleshoot|solve|resolve)\b/i, 'fix'],
  [/^(?:move|migrate|port|convert|upgrade|transfer)\b/i, 'migrate'],
  [/^(?:connect|integrate|sync|link)\b/i, 'integrate'],
  [/^(?:design|redesign)\b/i, 'design'],
  [/^(?:speed up|optimi[sz]e|improve the (?:speed|performance))\b/i, 'optimise'],
  [/^(?:automate|scrape)\b/i, 'automate'],
  [/^(?:write|produce \S+ (?:articles|posts|blogs?)|edit|proofread)\b/i, 'write'],
  [/^(?:analy[sz]e|help with understanding|visuali[sz]e|report on|clean up)\b/i, 'data'],
];

/** A clause stating a problem: "Our checkout is slow on mobile" (a subject, then a verb). */
function problemOf(sentence: string): string | null {
  const match =
    /^(?:currently,? |right now,? |at the moment,? )?((?:our|my|the) [^.;]{3,120}\b(?:is|are|was|were|keeps?|has|have|does not|doesn't|cannot|can't|fails?|takes?)\b.{3,})$/i.exec(
      sentence,
    );
  return match?.[1] ?? null;
}

/** Keeps a clause to about 22 words, cut at a comma or a word boundary, without its end mark. */
function trimClause(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const words = trimEnd(clean, ' .!;:,').split(' ');
  if (words.length <= 32) return words.join(' ');
  // A long clause is cut where a clause ends (a comma, "and", "but", "which"), never mid-phrase.
  const head = words.slice(0, 32).join(' ');
  const cut = Math.max(
    head.lastIndexOf(','),
    head.lastIndexOf(' and '),
    head.lastIndexOf(' but '),
    head.lastIndexOf(' which '),
  );
  return cut > 40 ? head.slice(0, cut) : head;
}

function kindOf(job: AgentJob, need: string): WorkKind {
  const text = `${job.title} ${need} ${need} ${job.description.slice(0, 1500)}`;
  // Nothing points to a kind of software, design, data or writing work: plan it neutrally.
  let best: WorkKind = 'service';
  let bestCount = 0;
  for (const [kind, pattern] of KIND_WORDS) {
    const count = (text.match(pattern) ?? []).length;
    if (count > bestCount) {
      best = kind;
      bestCount = count;
    }
  }
  return best;
}

/** Words that end the thing a post is about: links, and verbs that follow it ("your blog runs"). */
const STOP_AFTER_THING = new Set(
  "before after by for to with and or on in at from so that which who when while within using as is are was were has have had runs run takes take keeps copies uses gets needs shows crashes loads works breaks fails does doesn't can can't will would should must sells makes lets looks feels".split(
    ' ',
  ),
);

/** "fix your Stripe checkout flow before Friday" -> "your Stripe checkout flow". */
function thingOf(clause: string): string | null {
  const words = clause.split(' ');
  const start = words.findIndex((w) => /^your$/i.test(w));
  if (start < 0) return null;
  const picked: string[] = [];
  for (const word of words.slice(start + 1, start + 4)) {
    const bare = word.replace(/[^A-Za-z0-9+#.'-]/g, '');
    if (bare === '' || STOP_AFTER_THING.has(bare.toLowerCase())) break;
    picked.push(bare);
    if (/[,;:.)]$/.test(word)) break;
  }
  return picked.length ? `your ${trimEnd(picked.join(' '), ".'")}` : null;
}

function deadlineOf(text: string): string | null {
  const match =
    /\b((?:before|by|within) (?:the )?(?:end of [A-Za-z]{3,10}|[A-Z][A-Za-z]{2,12}(?: [A-Z][a-z]{2,10})?|next [a-z]{3,8}|\d{1,2} (?:days?|weeks?|months?)|[a-z]{3,8} weeks?))\b/.exec(
      text,
    );
  if (match?.[1]) return match[1];
  if (/\b(asap|urgent(?:ly)?)\b/i.test(text)) return 'as soon as possible';
  return null;
}

/** Skills that name a kind of work rather than a tool ("UI Design", "Data Analysis", "API"). */
const GENERIC_SKILL =
  /\b(design|writing|analysis|development|management|marketing|research|copywriting|seo|api|apis|testing|support|consulting|strategy)\b/i;

/** The need of a job, read once; every writing part uses this. */
export function readNeed(job: AgentJob): ClientNeed {
  const sentences = projectSentences(job);
  const sentence = needSentence(job);
  const tech = job.skills.filter((s) => s.trim() !== '' && !GENERIC_SKILL.test(s)).slice(0, 3);
  const deadline = deadlineOf(job.description);
  const none = (who = 'someone'): ClientNeed => ({
    form: 'none',
    text: '',
    who,
    kind: kindOf(job, sentence ?? ''),
    thing: null,
    deadline,
    tech,
  });
  if (!sentence) return none();
  const previous = sentences[sentences.indexOf(sentence) - 1] ?? null;
  const bullets = bulletTask(job);
  const found = taskOf(sentence) ?? (bullets ? { who: '', task: bullets } : null);
  const who = found?.who ? toSecondPerson(found.who) : 'someone';
  let task = found ? trimClause(toSecondPerson(found.task)) : null;
  // "make it fast again": the thing is in the sentence before, often as the problem itself.
  if (task && DANGLING.test(task) && previous) {
    const earlier = PROBLEM_WORDS.test(previous) ? problemOf(previous) : null;
    if (earlier) return problemNeed(job, earlier, who, deadline, tech, sentence);
    const thing = thingOf(toSecondPerson(previous));
    task = thing ? task.replace(/\b(it|them)\b/, thing) : task;
  }
  if (task) {
    const text = lowerFirst(task);
    const verbKind = VERB_KINDS.find(([pattern]) => pattern.test(text))?.[1];
    const thing = thingOf(text) ?? objectOf(text) ?? thingOf(toSecondPerson(sentence));
    return {
      form: 'task',
      text,
      who,
      kind: verbKind ?? kindOf(job, sentence),
      thing,
      deadline,
      tech,
    };
  }
  // No "need ... to ...": a sentence describing the situation in the first person is the problem.
  const situation = [sentence, ...sentences].find((s) => problemOf(s) ?? ownSituation(s));
  if (situation) {
    return problemNeed(job, problemOf(situation) ?? situation, 'someone', deadline, tech, sentence);
  }
  return none();
}

function problemNeed(
  job: AgentJob,
  clause: string,
  who: string,
  deadline: string | null,
  tech: string[],
  request: string,
): ClientNeed {
  const text = lowerFirst(trimClause(toSecondPerson(clause)));
  // The request ("I want this automated") says the kind of work better than the situation does.
  const kind = kindOf(job, `${request} ${request} ${clause}`);
  // Only a problem clause starts with the thing itself ("your Django admin takes...").
  const thing = problemOf(clause) ? thingOf(text) : null;
  return { form: 'problem', text, who, kind, thing, deadline, tech };
}

/** "Every Monday my assistant copies numbers..." (first person, not a request). */
function ownSituation(sentence: string): string | null {
  if (/\b(want|wants|need|needs|looking for|would like)\b/i.test(sentence)) return null;
  return /\b(my|our|we|i)\b/i.test(sentence) ? sentence : null;
}

/** "create a landing page in Figma" -> "the landing page"; "build the first version of a booking app" -> "the booking app". */
function objectOf(task: string): string | null {
  const rest = task
    .split(' ')
    .slice(1)
    .join(' ')
    .replace(
      /^(?:(?:and|or) \S+ )?(?:the |an? )?(?:(?:first|initial|new|next) )?(?:version|release|iteration) of /i,
      '',
    )
    .replace(/^(?:(?:and|or) \S+ )/i, '');
  const picked: string[] = [];
  for (const word of rest.split(' ').slice(0, 5)) {
    const bare = word.replace(/[^A-Za-z0-9+#.'-]/g, '');
    if (bare === '' || STOP_AFTER_THING.has(bare.toLowerCase())) break;
    if (picked.length === 0 && /^(?:a|an|the|some|our|my)$/i.test(bare)) continue;
    picked.push(bare);
    if (picked.length === 3 || /[,;:.)]$/.test(word)) break;
  }
  return picked.length ? `the ${picked.join(' ')}` : null;
}

/** A clause, not a fragment like "LLM experience a plus": it has a verb. */
const HAS_VERB =
  /\b(is|are|was|were|be|been|have|has|had|should|must|need|needs|want|wants|will|would|can|could|do|does|see|sees|get|gets|use|uses|take|takes|run|runs|make|makes|feel|feels|look|looks|work|works|\w+ed)\b/i;

const DETAIL_WORDS =
  /\b(should|must|needs? to|has to|ideal|important|prefer|ready|already|currently|customers|users|readers|every)\b/i;

/**
 * Another fact of the post the need does not already say, in the second person ("it should feel
 * friendly and simple"), so the draft shows it read past the first line; null if there is none.
 */
export function postDetail(job: AgentJob, need: ClientNeed): string | null {
  const used = needSentence(job);
  const said = need.text.toLowerCase();
  const candidates = projectSentences(job)
    .filter((s) => s !== used)
    .map((s) => lowerFirst(trimClause(toSecondPerson(s))))
    .filter(
      (s) => s.length >= 12 && !said.includes(s.toLowerCase()) && !s.toLowerCase().includes(said),
    );
  const clauses = candidates.filter((s) => HAS_VERB.test(s));
  return clauses.find((s) => DETAIL_WORDS.test(s) || PROBLEM_WORDS.test(s)) ?? clauses[0] ?? null;
}

/** A fallback task by kind when the post states no clear need sentence. */
export function kindTask(need: ClientNeed): string {
  const about =
    need.thing ??
    (need.tech.length ? `the ${listJoin(need.tech.slice(0, 2))} work` : 'this project');
  const tasks: Record<WorkKind, string> = {
    fix: `track down and fix what is going wrong with ${about}`,
    build: `build ${about === 'this project' ? 'this' : about} and get a first version in front of you`,
    migrate: `move ${about} across without losing anything on the way`,
    integrate: `connect ${about} so the data flows without manual steps`,
    design: `design ${about} so it is clear for the people who use it`,
    optimise: `make ${about} faster where it matters most`,
    automate: `automate the manual steps around ${about}`,
    write: `write ${about} in a voice your readers trust`,
    data: `turn the data behind ${about} into answers you can act on`,
    service: `take care of ${about} the way you describe it`,
  };
  return tasks[need.kind];
}

/**
 * One sentence about the client's need in the second person, for a draft that says nothing
 * specific (e.g. "You need someone to fix and extend your Stripe checkout flow before Black Friday.").
 */
export function clientNeedSentence(job: AgentJob): string {
  const need = readNeed(job);
  if (need.form === 'problem') return `From your post, ${need.text}.`;
  const task = need.form === 'task' ? need.text : kindTask(need);
  return `You need ${need.who} to ${task}.`;
}

export function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
