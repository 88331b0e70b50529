import type { FastifyInstance } from 'fastify';

import type { GenerationEvent } from '#contract/responses';

import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';

/** Parses a text/event-stream body into the generation events. */
export function parseEvents(payload: string): GenerationEvent[] {
  return payload
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const type = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? '{}';
      return { type, data: JSON.parse(data) } as GenerationEvent;
    });
}

export async function insertJob(
  db: Database,
  userId: string,
  fields: {
    title: string;
    description: string;
    skills?: string[];
    screeningQuestions?: string[];
    fitScore?: number;
  },
) {
  const [row] = await db
    .insert(jobs)
    .values({
      userId,
      source: 'manual',
      externalId: `manual-${Math.random().toString(36).slice(2)}`,
      title: fields.title,
      description: fields.description,
      skills: fields.skills ?? [],
      skillsKey: (fields.skills ?? []).map((s) => s.toLowerCase()),
      skillsText: (fields.skills ?? []).join(' '),
      screeningQuestions: fields.screeningQuestions ?? [],
      fitScore: fields.fitScore ?? null,
      url: 'https://www.upwork.com/jobs/~01abc',
    })
    .returning();
  return row!;
}

export async function addPortfolioItem(
  app: FastifyInstance,
  headers: Record<string, string>,
  item: { title: string; description: string; skills: string[]; results?: string; url?: string },
): Promise<{ id: string; title: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/portfolio/items',
    headers,
    payload: {
      title: item.title,
      description: item.description,
      skills: item.skills,
      results: item.results ?? '',
      links: item.url ? [{ label: 'Live', url: item.url }] : [],
    },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`portfolio create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; title: string };
}
