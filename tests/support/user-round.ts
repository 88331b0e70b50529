import type { UserRound } from '#server/jobs/job-queue';

/**
 * Runs one round of per-user background work now, each user in turn, as the job queue would
 * (without its retries): how many users it found and how many of their jobs failed.
 */
export async function runUserRound(round: UserRound): Promise<{ users: number; failed: number }> {
  const users = await round.users();
  let failed = 0;
  for (const userId of users) {
    try {
      await round.run(userId);
    } catch {
      failed += 1;
    }
  }
  return { users: users.length, failed };
}
