import type { RedFlag } from '#contract/jobs';
import { formatMoney } from '#contract/money';

import type { ScoringJob, ScoringProfile } from './scoring-input.ts';

/**
 * Red flags of a job: an unverified or new client, pay under the freelancer's floor, asking to
 * move off Upwork or for free work. A flag can only lower a verdict.
 */

const NEW_CLIENT_MS = 30 * 24 * 3_600_000;

const OFF_PLATFORM: RegExp[] = [
  /\b(whats\s?app|telegram|skype|discord|signal app|wechat|viber)\b/i,
  /\b(outside|off)[ -](of )?(upwork|the platform|platform)\b/i,
  /\b(pay|payment|paid|contact|email|text|call|message)\s+(me\s+)?(directly|outside)\b/i,
  /(\+\d{1,3}[\s-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/,
];
const EMAIL_ADDRESS = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/i;
const FREE_SAMPLE: RegExp[] = [
  /\bfree (sample|test|trial|work|task|mock-?up|design|article)s?\b/i,
  /\bunpaid (test|trial|sample|task)s?\b/i,
  /\b(test|trial|sample) (task|project|work|article)?\s*\(?(unpaid|for free|without pay(ment)?|not paid)\)?/i,
  /\b(do|complete|send|submit|write) (a |an )?(short |small )?(sample|test)[^.]{0,40}\b(for free|free of charge|without pay(ment)?|unpaid)\b/i,
];

function firstMatch(text: string, patterns: RegExp[]): RegExpExecArray | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match;
  }
  return null;
}

export function redFlags(job: ScoringJob, profile: ScoringProfile, now: Date): RedFlag[] {
  const flags: RedFlag[] = [];
  const c = job.client;
  if (c.paymentVerified === false) {
    flags.push({ code: 'payment_unverified', text: 'Payment method not verified' });
  }
  if (c.hires === 0) {
    flags.push({
      code: 'no_hires',
      text:
        c.jobsPosted && c.jobsPosted > 1
          ? `No hires from ${c.jobsPosted} jobs posted`
          : 'Client has never hired',
    });
  }
  if (c.memberSince && now.getTime() - c.memberSince.getTime() < NEW_CLIENT_MS) {
    flags.push({ code: 'new_client', text: 'Client joined Upwork less than 30 days ago' });
  }
  const floor = profile.rateFloorMinor;
  if (floor && job.currency === profile.currency) {
    if (job.jobType === 'hourly') {
      const top = job.hourlyMaxMinor ?? job.hourlyMinMinor;
      if (top !== null && top < floor) {
        flags.push({
          code: 'below_floor',
          text: `Pays at most ${formatMoney(top, job.currency)}/h, under your floor of ${formatMoney(floor, job.currency)}/h`,
        });
      }
    } else if (job.jobType === 'fixed') {
      const budget = job.budgetMaxMinor ?? job.budgetMinMinor;
      if (budget !== null && budget > 0 && budget < floor) {
        flags.push({
          code: 'below_floor',
          text: `Budget ${formatMoney(budget, job.currency)} is less than one hour at your floor of ${formatMoney(floor, job.currency)}/h`,
        });
      }
    }
  }
  const text = `${job.title}\n${job.description}`;
  // An e-mail address; the regex runs only when there is an '@' (it is slow on long text).
  const offPlatform =
    firstMatch(text, OFF_PLATFORM) ?? (text.includes('@') ? EMAIL_ADDRESS.exec(text) : null);
  if (offPlatform) {
    flags.push({
      code: 'off_platform',
      text: `Asks to move off Upwork ("${offPlatform[0].trim()}")`,
    });
  }
  const freeSample = firstMatch(text, FREE_SAMPLE);
  if (freeSample) {
    flags.push({ code: 'free_sample', text: `Asks for free work ("${freeSample[0].trim()}")` });
  }
  return flags;
}
