import { agentJobFromRow, agentProfileFromRow } from '../../ai/job-view.ts';
import type { ResolvedModel } from '../../ai/registry.ts';
import type { AgentJob, AgentProfile, PortfolioHit } from '../../ai/types.ts';
import type { Database } from '../../db/client.ts';
import { requireJob } from '../jobs/service.ts';
import { searchPortfolio } from '../portfolio/search.ts';
import { getProfileRow } from '../profile/service.ts';

/** What a template is filled with: a job, the freelancer and their matching portfolio items. */
export type TemplateFillView = {
  job: AgentJob;
  profile: AgentProfile;
  portfolio: PortfolioHit[];
};

/** Portfolio search scoped to the owner, in the shape the drafters and templates use. */
export function portfolioSearcher(db: Database, userId: string, model: ResolvedModel | null) {
  const batch = model?.embed ?? null;
  const embed = batch
    ? async (text: string) => {
        const [vector] = await batch([text]);
        return vector ?? null;
      }
    : null;
  return async (query: string, limit: number): Promise<PortfolioHit[]> => {
    const result = await searchPortfolio(db, {
      userId,
      query,
      limit,
      mode: embed ? 'ai' : 'text',
      embed,
      embeddingModel: model?.embeddingModelId
        ? `${model.provider}:${model.embeddingModelId}`
        : null,
    });
    return result.results.map(({ item }) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      skills: item.skills,
      results: item.results || null,
      url: item.links[0]?.url ?? null,
    }));
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
