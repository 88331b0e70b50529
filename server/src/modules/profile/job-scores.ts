import type { Database } from '../../db/client.ts';

/**
 * What the profile asks of the jobs area: scores brought up to date with a saved profile, a batch
 * at a time so the editor can show progress, and the skills the user's jobs name. The jobs area
 * provides both functions (the module list passes them in), so profile never imports jobs.
 */
export type JobScoresDoor = {
  rescoreJobsStep: (
    db: Database,
    userId: string,
    now: Date,
    batch: number,
  ) => Promise<{ rescored: number; remaining: number }>;
  skillsInJobs: (db: Database, userId: string, limit: number) => Promise<string[]>;
};

/** Jobs scored again per request: small enough to answer quickly, large enough to finish soon. */
export const RESCORE_BATCH = 250;
export const SKILL_SUGGESTIONS = 40;

export function rescoreAfterProfileChange(
  jobs: JobScoresDoor,
  db: Database,
  userId: string,
  now: Date,
) {
  return jobs.rescoreJobsStep(db, userId, now, RESCORE_BATCH);
}

export async function skillSuggestions(jobs: JobScoresDoor, db: Database, userId: string) {
  return { items: await jobs.skillsInJobs(db, userId, SKILL_SUGGESTIONS) };
}
