import { tool } from 'ai';
import { z } from 'zod';

import { applyTemplate } from './draft-values.ts';
import { modelJobView } from './job-view.ts';
import type { AgentDeps, AgentTemplate, PortfolioHit } from './types.ts';

/** What the tools learnt during one run: the portfolio items seen and the template applied. */
export type AgentToolState = {
  seen: Map<string, PortfolioHit>;
  templateId: string | null;
};

/** The step labels the user sees while the agent calls each tool. */
export const TOOL_LABELS: Record<string, string> = {
  read_job: 'Reading the job',
  search_portfolio: 'Searching the portfolio',
  read_client_history: "Reading the client's history",
  list_templates: 'Looking at your templates',
  apply_template: 'Applying a template',
};

/** The agent's tools over the owner's data; every call records what it found in `state`. */
export function createAgentTools(deps: AgentDeps, state: AgentToolState) {
  let templates: AgentTemplate[] | null = null;
  const loadTemplates = async () => (templates ??= await deps.listTemplates());
  return {
    read_job: tool({
      description:
        "Read the job post: description, budget, skills, screening questions, client facts and the client's own requests (clientAsks).",
      inputSchema: z.object({}),
      execute: async () => {
        const view = modelJobView(deps.job);
        return {
          title: view.title,
          description: view.description,
          budget: deps.job.budget,
          skills: deps.job.skills,
          screeningQuestions: view.screeningQuestions,
          client: { name: deps.job.clientName, ...deps.job.clientFacts },
          clientAsks: view.clientAsks,
          removedInstructions: deps.job.promptTraps.length,
        };
      },
    }),
    search_portfolio: tool({
      description:
        "Search the freelancer's portfolio for work relevant to the job. Cite items by exact title.",
      inputSchema: z.object({
        query: z.string().min(1).max(300),
        limit: z.number().int().min(1).max(8).optional(),
      }),
      execute: async ({ query, limit }) => {
        const hits = await deps.searchPortfolio(query, limit ?? 4);
        for (const hit of hits) state.seen.set(hit.id, hit);
        return hits.map((h) => ({
          title: h.title,
          description: h.description,
          skills: h.skills,
          results: h.results,
          url: h.url,
        }));
      },
    }),
    read_client_history: tool({
      description:
        "Read what is known about the client and the freelancer's earlier proposals to them.",
      inputSchema: z.object({}),
      execute: async () => deps.readClientHistory(),
    }),
    list_templates: tool({
      description: "List the freelancer's response templates.",
      inputSchema: z.object({}),
      execute: async () =>
        (await loadTemplates()).map((t) => ({
          id: t.id,
          name: t.name,
          isDefault: t.isDefault,
          preview: t.body.slice(0, 300),
        })),
    }),
    apply_template: tool({
      description:
        'Fill a template with this job, profile and portfolio; use the result as the skeleton of the draft.',
      inputSchema: z.object({ templateId: z.string().max(100) }),
      execute: async ({ templateId: id }) => {
        const chosen = (await loadTemplates()).find((t) => t.id === id);
        if (!chosen) return { error: 'No template with that id' };
        state.templateId = chosen.id;
        return {
          name: chosen.name,
          filled: applyTemplate(chosen.body, deps.job, deps.profile, [...state.seen.values()]),
        };
      },
    }),
  };
}

/** A one-line summary of a tool's result for the step list, where one says something useful. */
export function summariseToolOutput(toolName: string, output: unknown): string | undefined {
  if (toolName === 'search_portfolio' && Array.isArray(output)) {
    return output.length
      ? `Found ${output.map((o: { title?: string }) => o.title).join(', ')}`
      : 'No matching items';
  }
  if (toolName === 'apply_template' && output && typeof output === 'object' && 'name' in output) {
    return `Using "${String((output as { name: unknown }).name)}"`;
  }
  if (toolName === 'list_templates' && Array.isArray(output)) return `${output.length} template(s)`;
  return undefined;
}
