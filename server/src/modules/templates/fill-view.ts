import { agentJobFromRow } from '../../ai/job-view.ts';
import type { AgentJob, AgentProfile, PortfolioHit } from '../../ai/types.ts';
import type { Database } from '../../db/client.ts';
import { requireJob } from '../jobs/service.ts';
import { portfolioSearcher } from '../portfolio/service.ts';
import { loadAgentProfile } from '../profile/service.ts';

/** What a template is filled with: a job, the freelancer and their matching portfolio items. */
export type TemplateFillView = {
  job: AgentJob;
  profile: AgentProfile;
  portfolio: PortfolioHit[];
};

/** The fill view for one of the user's jobs (404 for anyone else's), or for the given sample. */
export async function loadFillView(
  db: Database,
  user: { id: string; name: string | null },
  jobId: string | undefined,
  sample: AgentJob,
): Promise<TemplateFillView> {
  const job = jobId ? agentJobFromRow(await requireJob(db, user.id, jobId)) : sample;
  const profile = await loadAgentProfile(db, user.id, user.name);
  const portfolio = await portfolioSearcher(
    db,
    user.id,
    null,
  )(`${job.title} ${job.skills.join(' ')}`, 3);
  return { job, profile, portfolio };
}
