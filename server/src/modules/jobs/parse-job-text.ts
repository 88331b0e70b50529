import type { ExperienceLevel, JobClient, JobType, ParsedJob } from '#contract/jobs';

/**
 * Turns a job's pasted text (usually copied from its Upwork page) into fields: title,
 * description, budget or hourly range, experience level, skills, screening questions and the
 * client facts Upwork shows beside a post. Pure: `now` resolves "Posted 2 hours ago".
 * Anything not found stays null; the text itself is always kept as the description.
 */

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };
const AMOUNT = String.raw`([$€£])\s?(\d[\d,]*(?:\.\d{1,2})?)\s?([kK])?`;

const SECTION_HEADERS = [
  /^skills( and expertise)?:?$/i,
  /^mandatory skills:?$/i,
  /^activity on this job$/i,
  /^about the client$/i,
  /^client'?s? (info|information|history)$/i,
  /^you will be asked to answer the following questions/i,
  /^screening questions:?$/i,
  /^questions:?$/i,
  /^project type:?/i,
  /^preferred qualifications$/i,
  /^(apply now|submit a proposal|send a proposal|save job|flag as inappropriate)$/i,
  /^required connects to submit a proposal/i,
  /^available connects/i,
];

const META_LINE = [
  /^posted\b/i,
  /^(renewed|worldwide|only freelancers located)/i,
  /^(hourly|fixed[- ]price|fixed)$/i,
  /^(entry level|intermediate|expert)$/i,
  /^(i am looking for|looking for)\s+(freelancers|a mix|comprehensive)/i,
  /^(less than|more than) \d+ hrs?\/week/i,
  /^\d+ to \d+ months|^less than (a|1) month|^more than 6 months|^1 to 3 months|^3 to 6 months/i,
  /^(duration|project length|hours needed|contract-to-hire)/i,
  /^[$€£]\s?\d[\d,.]*(\s?-\s?[$€£]?\s?\d[\d,.]*)?$/,
  /^(budget|est\. budget|hourly range)\b/i,
];

const COUNTRIES = [
  'United States',
  'USA',
  'United Kingdom',
  'UK',
  'Canada',
  'Australia',
  'Germany',
  'France',
  'Netherlands',
  'Switzerland',
  'Sweden',
  'Norway',
  'Denmark',
  'Finland',
  'Ireland',
  'Spain',
  'Italy',
  'Portugal',
  'Belgium',
  'Austria',
  'Poland',
  'Israel',
  'United Arab Emirates',
  'UAE',
  'Saudi Arabia',
  'Singapore',
  'India',
  'Pakistan',
  'Bangladesh',
  'Philippines',
  'Indonesia',
  'Malaysia',
  'Japan',
  'South Korea',
  'China',
  'Hong Kong',
  'Taiwan',
  'New Zealand',
  'South Africa',
  'Nigeria',
  'Kenya',
  'Egypt',
  'Brazil',
  'Mexico',
  'Argentina',
  'Chile',
  'Colombia',
  'Ukraine',
  'Romania',
  'Turkey',
  'Vietnam',
  'Thailand',
];
const COUNTRY_BY_LOWER = new Map(COUNTRIES.map((name) => [name.toLowerCase(), name]));
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'United States',
  uk: 'United Kingdom',
  uae: 'United Arab Emirates',
};

/** Numbers past what the jobs table stores are not real facts (a crafted run of digits). */
const MAX_AMOUNT_MINOR = 100_000_000_000;
const MAX_STORED_INT = 2_147_483_647;

function inRange(value: number | null, max: number): number | null {
  return value !== null && Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function toMinor(amount: string, thousands: string | undefined): number {
  const value = Number(amount.replace(/,/g, ''));
  const scaled = thousands ? value * 1_000 : value;
  return Math.round(scaled * 100);
}

function parseCompactMoney(text: string): number | null {
  const match = /[$€£]\s?(\d[\d,]*(?:\.\d+)?)\s?([kKmM])?\+?/.exec(text);
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(/,/g, ''));
  const unit = match[2]?.toLowerCase();
  return Math.round(value * (unit === 'k' ? 1_000 : unit === 'm' ? 1_000_000 : 1) * 100);
}

export function extractUpworkCiphertext(url: string): string | null {
  const match = /(~0[0-9a-z]{8,})/i.exec(url);
  return match?.[1] ?? null;
}

function parsePosted(text: string, now: Date): string | null {
  const relative =
    /posted\s+(?:on\s+)?(\d+|an?|one)\s+(minute|min|hour|day|week|month)s?\s+ago/i.exec(text);
  if (relative?.[1] && relative[2]) {
    const n = /^\d+$/.test(relative[1]) ? Number(relative[1]) : 1;
    const unit = relative[2].toLowerCase();
    const ms = unit.startsWith('min')
      ? 60_000
      : unit === 'hour'
        ? 3_600_000
        : unit === 'day'
          ? 86_400_000
          : unit === 'week'
            ? 7 * 86_400_000
            : 30 * 86_400_000;
    const posted = new Date(now.getTime() - n * ms);
    return Number.isNaN(posted.getTime()) ? null : posted.toISOString();
  }
  if (/posted\s+(just now|a few seconds ago|seconds ago)/i.test(text)) return now.toISOString();
  if (/posted\s+yesterday/i.test(text)) return new Date(now.getTime() - 86_400_000).toISOString();
  return null;
}

function parseMemberSince(text: string): string | null {
  const match = /member since\s+([a-z]{3})[a-z]*\.?\s+(?:(\d{1,2}),\s*)?(\d{4})/i.exec(text);
  if (!match?.[1] || !match[3]) return null;
  const month = MONTHS.indexOf(match[1].toLowerCase());
  if (month < 0) return null;
  return new Date(Date.UTC(Number(match[3]), month, Number(match[2] ?? 1))).toISOString();
}

function parseProposals(text: string): number | null {
  const match = /proposals?:?\s*(less than (\d+)|(\d+)\s*to\s*(\d+)|(\d+)\+|(\d+))/i.exec(text);
  if (!match) return null;
  if (match[2]) return 0;
  const value = match[3] ?? match[5] ?? match[6];
  return value ? inRange(Number(value), MAX_STORED_INT) : null;
}

function parseClient(text: string): JobClient {
  const paymentVerified = /payment (method )?(not verified|unverified)/i.test(text)
    ? false
    : /payment (method )?verified/i.test(text)
      ? true
      : null;
  const spentMatch = /([$€£]\s?\d[\d,]*(?:\.\d+)?\s?[kKmM]?\+?)\s+total spent/i.exec(text);
  // A count is read only from where its run of digits (and commas) starts: trying every digit
  // of a long run as a start would make one long number cost quadratic time.
  const hiresMatch = /(?<![\d,])(\d[\d,]*)\s+hires?\b/i.exec(text);
  const postedMatch = /(?<![\d,])(\d[\d,]*)\s+jobs? posted/i.exec(text);
  const reviewsMatch = /(?<![\d.,])(?:(\d(?:\.\d+)?)\s+of\s+)?(\d[\d,]*)\s+reviews?/i.exec(text);
  const ratingMatch =
    /rating is (\d(?:\.\d+)?) out of 5|(\d\.\d{1,2}) (?:of 5|out of 5|stars?)/i.exec(text);
  let country: string | null = null;
  for (const line of text.split('\n')) {
    const lower = line.trim().toLowerCase();
    const found = COUNTRY_BY_LOWER.get(lower);
    if (found) {
      country = COUNTRY_ALIASES[lower] ?? found;
      break;
    }
    const labelled = /^(?:location|country):\s*(\S.*)$/i.exec(line.trim());
    if (labelled?.[1]) {
      country = labelled[1].trim().slice(0, 80);
      break;
    }
  }
  const rating = ratingMatch
    ? Number(ratingMatch[1] ?? ratingMatch[2])
    : reviewsMatch?.[1]
      ? Number(reviewsMatch[1])
      : null;
  return {
    paymentVerified,
    totalSpentMinor: spentMatch?.[1]
      ? inRange(parseCompactMoney(spentMatch[1]), MAX_AMOUNT_MINOR)
      : /no spend|\$0 total spent/i.test(text)
        ? 0
        : null,
    hires: hiresMatch?.[1]
      ? inRange(Number(hiresMatch[1].replace(/,/g, '')), MAX_STORED_INT)
      : null,
    jobsPosted: postedMatch?.[1]
      ? inRange(Number(postedMatch[1].replace(/,/g, '')), MAX_STORED_INT)
      : null,
    reviews: reviewsMatch?.[2]
      ? inRange(Number(reviewsMatch[2].replace(/,/g, '')), MAX_STORED_INT)
      : /no reviews yet/i.test(text)
        ? 0
        : null,
    rating: rating !== null && rating >= 0 && rating <= 5 ? rating : null,
    country,
    memberSince: parseMemberSince(text),
  };
}

type Money = {
  jobType: JobType;
  currency: string;
  budgetMinMinor: number | null;
  budgetMaxMinor: number | null;
  hourlyMinMinor: number | null;
  hourlyMaxMinor: number | null;
};

function parseMoney(text: string, lines: string[]): Money {
  const empty: Money = {
    jobType: 'unknown',
    currency: 'USD',
    budgetMinMinor: null,
    budgetMaxMinor: null,
    hourlyMinMinor: null,
    hourlyMaxMinor: null,
  };
  // Hourly: "$30.00 - $60.00 /hr", "$30-$60\nHourly", "Hourly: $30 to $60", "$45/hr"
  const range = new RegExp(`${AMOUNT}\\s*(?:-|–|to)\\s*${AMOUNT}`, 'g');
  for (const match of text.matchAll(range)) {
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const symbol = match[1] ?? '$';
    const low = toMinor(match[2] ?? '0', match[3]);
    const high = toMinor(match[5] ?? '0', match[6]);
    if (
      /^\s*(\/\s?h(ou)?r|per hour|an hour|hourly)/i.test(after) ||
      /hourly[^\n]{0,20}$/i.test(before)
    ) {
      return {
        ...empty,
        jobType: 'hourly',
        currency: CURRENCY_SYMBOLS[symbol] ?? 'USD',
        hourlyMinMinor: low,
        hourlyMaxMinor: high,
      };
    }
    if (/(budget|fixed)[^\n]{0,20}$/i.test(before) || /^\s*fixed/i.test(after)) {
      return {
        ...empty,
        jobType: 'fixed',
        currency: CURRENCY_SYMBOLS[symbol] ?? 'USD',
        budgetMinMinor: low,
        budgetMaxMinor: high,
      };
    }
  }
  const single = new RegExp(AMOUNT, 'g');
  for (const match of text.matchAll(single)) {
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const symbol = match[1] ?? '$';
    const value = toMinor(match[2] ?? '0', match[3]);
    if (/total spent|spent|avg hourly rate paid/i.test(after.slice(0, 20))) continue;
    if (
      /^\s*(\/\s?h(ou)?r|per hour|an hour)/i.test(after) ||
      /hourly( rate)?:?\s*$/i.test(before)
    ) {
      return {
        ...empty,
        jobType: 'hourly',
        currency: CURRENCY_SYMBOLS[symbol] ?? 'USD',
        hourlyMinMinor: value,
        hourlyMaxMinor: value,
      };
    }
    if (
      /(budget|fixed[- ]price|fixed)[^\n]{0,20}$/i.test(before) ||
      /^\s*(fixed|budget)/i.test(after)
    ) {
      return {
        ...empty,
        jobType: 'fixed',
        currency: CURRENCY_SYMBOLS[symbol] ?? 'USD',
        budgetMinMinor: value,
        budgetMaxMinor: value,
      };
    }
  }
  if (
    lines.some((line) => line.toLowerCase() === 'hourly') ||
    /\bhourly\b[^\n]{0,15}(job|contract|project)/i.test(text)
  )
    return { ...empty, jobType: 'hourly' };
  if (/fixed[- ]price/i.test(text)) return { ...empty, jobType: 'fixed' };
  return empty;
}

function parseExperience(text: string): ExperienceLevel | null {
  const match = /\b(entry[- ]level|intermediate|expert)\b/i.exec(text);
  if (!match?.[1]) return null;
  const word = match[1].toLowerCase();
  return word.startsWith('entry') ? 'entry' : word === 'intermediate' ? 'intermediate' : 'expert';
}

function isSectionHeader(line: string): boolean {
  return SECTION_HEADERS.some((pattern) => pattern.test(line));
}

function parseSkills(lines: string[]): string[] {
  const skills: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const inline =
      /^(?:skills|required skills|mandatory skills|tags)(?: and expertise)?:\s*(\S.*)$/i.exec(line);
    if (inline?.[1]) {
      skills.push(...inline[1].split(/[,;|•]/));
      continue;
    }
    if (/^(skills( and expertise)?|mandatory skills|nice-to-have skills|tools)\s*:?$/i.test(line)) {
      for (let j = i + 1; j < lines.length; j++) {
        const next = lines[j] ?? '';
        if (next === '') {
          if (skills.length > 0) break;
          continue;
        }
        if (isSectionHeader(next) || next.length > 40 || /[.?!]$/.test(next)) break;
        skills.push(...next.split(/[,;|•]/));
      }
    }
  }
  const cleaned = skills
    .map((skill) => skill.replace(/^[-*•\s]+/, '').trim())
    .filter((skill) => skill.length > 0 && skill.length <= 60);
  const seen = new Set<string>();
  return cleaned
    .filter((skill) => {
      const key = skill.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 30);
}

function parseQuestions(lines: string[]): string[] {
  const start = lines.findIndex((line) =>
    /^(you will be asked to answer the following questions|screening questions|questions:?$|please answer (the following|these) questions)/i.test(
      line,
    ),
  );
  if (start < 0) return [];
  const questions: string[] = [];
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (line === '') {
      if (questions.length > 0 && !/^\s*\d+[.)]/.test(lines[j + 1] ?? '')) break;
      continue;
    }
    if (isSectionHeader(line) && questions.length > 0) break;
    const numbered = /^\s*(?:\d+[.)]|[-*•])\s*(\S.*)$/.exec(line);
    if (numbered?.[1]) questions.push(numbered[1].trim());
    else if (/\?\s*$/.test(line)) questions.push(line.trim());
    else if (questions.length > 0) break;
  }
  return questions.slice(0, 20).map((q) => q.slice(0, 2000));
}

function pickTitle(lines: string[]): { title: string; index: number } {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === '' || /^https?:\/\//i.test(line) || META_LINE.some((p) => p.test(line))) continue;
    const labelled = /^(?:job )?title:\s*(\S.*)$/i.exec(line);
    return { title: (labelled?.[1] ?? line).slice(0, 200), index: i };
  }
  return { title: 'Untitled job', index: -1 };
}

function pickDescription(lines: string[], titleIndex: number): string {
  const body: string[] = [];
  for (let i = titleIndex + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (isSectionHeader(line)) break;
    if (body.length === 0 && (line === '' || META_LINE.some((p) => p.test(line)))) continue;
    if (META_LINE.some((p) => p.test(line)) && line.length < 60) continue;
    body.push(line);
  }
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  const description = body
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return description.replace(/^description:\s*/i, '');
}

export function parseJobText(
  input: { text: string; url?: string | undefined },
  now: Date,
): ParsedJob {
  const text = input.text.replace(/\r\n?/g, '\n');
  const lines = text.split('\n').map((line) => line.trim());
  const { title, index } = pickTitle(lines);
  const description = pickDescription(lines, index) || text.trim();
  const parsedMoney = parseMoney(text, lines);
  const money: Money = {
    ...parsedMoney,
    budgetMinMinor: inRange(parsedMoney.budgetMinMinor, MAX_AMOUNT_MINOR),
    budgetMaxMinor: inRange(parsedMoney.budgetMaxMinor, MAX_AMOUNT_MINOR),
    hourlyMinMinor: inRange(parsedMoney.hourlyMinMinor, MAX_STORED_INT),
    hourlyMaxMinor: inRange(parsedMoney.hourlyMaxMinor, MAX_STORED_INT),
  };
  return {
    title,
    description: description.slice(0, 50_000),
    url: input.url ? input.url : null,
    ...money,
    experienceLevel: parseExperience(text),
    skills: parseSkills(lines),
    screeningQuestions: parseQuestions(lines),
    client: parseClient(text),
    proposalsCount: parseProposals(text),
    postedAt: parsePosted(text, now),
  };
}
