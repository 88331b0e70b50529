import { eq } from 'drizzle-orm';

import { emptyProfile, type Profile, type UpdateProfileBody } from '#contract/profile';

import { agentProfileFromRow } from '../../ai/job-view.ts';
import type { AgentProfile } from '../../ai/types.ts';
import type { Database } from '../../db/client.ts';
import { profiles, type ProfileRow } from '../../db/schema/profiles.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activities/service.ts';

export async function getProfileRow(db: Database, userId: string): Promise<ProfileRow | undefined> {
  const rows = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return rows[0];
}

/** The caller's profile; a user who never saved one gets the defaults with their name. */
export async function getProfile(db: Database, user: AuthUser): Promise<Profile> {
  const row = await getProfileRow(db, user.id);
  return row ? toProfile(row) : emptyProfile(user.name ?? '');
}

/** Every change to what the user says about themselves (profile fields or their name) is logged here. */
export async function recordProfileUpdate(
  db: Database,
  userId: string,
  fields: string[],
  userAgent: string | null | undefined,
): Promise<void> {
  await recordActivity(db, { userId, action: 'update_profile', details: { fields }, userAgent });
}

export async function updateProfile(
  db: Database,
  user: AuthUser,
  body: UpdateProfileBody,
  userAgent: string | null | undefined = null,
): Promise<Profile> {
  const [row] = await db
    .insert(profiles)
    .values({ userId: user.id, name: user.name ?? '', ...body })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...body, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('profile upsert returned nothing');
  await recordProfileUpdate(db, user.id, Object.keys(body), userAgent);
  return toProfile(row);
}

function toProfile(row: ProfileRow): Profile {
  return {
    name: row.name,
    title: row.title,
    overview: row.overview,
    skills: row.skills,
    hourlyRateMinor: row.hourlyRateMinor,
    rateFloorMinor: row.rateFloorMinor,
    currency: row.currency,
    timezone: row.timezone,
    signature: row.signature,
    writingSamples: row.writingSamples,
    defaultTone: row.defaultTone,
    defaultLength: row.defaultLength,
    notifyOnSavedSearchMatches: row.notifyOnSavedSearchMatches,
    notifyOnMessages: row.notifyOnMessages,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's profile as the drafters see it (their account name when no profile is saved). */
export async function loadAgentProfile(
  db: Database,
  userId: string,
  fallbackName: string | null,
): Promise<AgentProfile> {
  return agentProfileFromRow(await getProfileRow(db, userId), fallbackName);
}
