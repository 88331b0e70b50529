import type { UpworkProfileDraft } from '#contract/profile';

import type { FreelancerProfileAnswer } from '../upwork/service.ts';

const LIMITS = { name: 120, title: 200, overview: 5_000, skill: 60, skills: 50 } as const;

function clip(value: string | null | undefined, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

function validTimezone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function rateInMinor(raw: string | undefined): number | undefined {
  const amount = Number(raw);
  if (!Number.isFinite(amount) || amount <= 0 || amount > 100_000) return undefined;
  return Math.round(amount * 100);
}

/**
 * The Upwork profile as fields of ours, each within our limits; a field Upwork does not fill is
 * left out, so the form keeps what the user typed there.
 */
export function toProfileDraft(answer: FreelancerProfileAnswer): UpworkProfileDraft {
  const profile = answer.user?.freelancerProfile;
  const personal = profile?.personalData;
  const fullName = [personal?.firstName, personal?.lastName].filter(Boolean).join(' ');
  const skills = [
    ...new Set(
      (profile?.skills?.edges ?? [])
        .map((edge) => clip(edge.node?.prettyName, LIMITS.skill))
        .filter((skill): skill is string => skill !== undefined),
    ),
  ].slice(0, LIMITS.skills);
  const currency = personal?.chargeRate?.currency?.toUpperCase();
  const draft: UpworkProfileDraft = {
    name: clip(fullName || answer.user?.name, LIMITS.name),
    title: clip(personal?.title, LIMITS.title),
    overview: clip(personal?.description, LIMITS.overview),
    skills: skills.length > 0 ? skills : undefined,
    hourlyRateMinor: rateInMinor(personal?.chargeRate?.rawValue),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    timezone: validTimezone(personal?.address?.timezone),
  };
  return Object.fromEntries(
    Object.entries(draft).filter(([, value]) => value !== undefined),
  ) as UpworkProfileDraft;
}
