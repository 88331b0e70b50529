import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { generateSandboxJobs } from '#test-support/upwork-sandbox-jobs';

import { jobs } from '../../db/schema/jobs.ts';
import { mapSearchNode } from '../../integrations/upwork/map-job.ts';
import { scoreKeyFor, scoringProfileFor, toNewJobRow } from '../jobs/service.ts';
import { RESCORE_BATCH } from './job-scores.ts';

let h: Harness;
const NOW = new Date();
beforeAll(async () => {
  h = await createHarness({
    env: { ADMIN_EMAILS: 'first-admin@example.test', SAVED_SEARCH_POLL_SECONDS: '0' },
  });
});
afterAll(async () => h.close());

describe('profile', () => {
  it('starts from defaults, saves partial updates and keeps the rest', async () => {
    const user = await h.signIn({ name: 'Pat' });
    const initial = await h.app.inject({ url: '/api/profile', headers: user.headers });
    expect(initial.json()).toMatchObject({
      name: 'Pat',
      skills: [],
      defaultTone: 'professional',
      updatedAt: null,
    });
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: user.headers,
      payload: { skills: ['React', 'Node.js'], hourlyRateMinor: 8500 },
    });
    expect(saved.statusCode).toBe(200);
    const next = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: user.headers,
      payload: { title: 'Full-stack developer' },
    });
    expect(next.json()).toMatchObject({
      skills: ['React', 'Node.js'],
      hourlyRateMinor: 8500,
      title: 'Full-stack developer',
    });
  });

  it('keeps each user’s profile their own', async () => {
    const a = await h.signIn();
    const b = await h.signIn();
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: a.headers,
      payload: { overview: 'Only A' },
    });
    expect((await h.app.inject({ url: '/api/profile', headers: b.headers })).json().overview).toBe(
      '',
    );
  });

  it('answers 400 with the field for bad values', async () => {
    const user = await h.signIn();
    const response = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: user.headers,
      payload: { currency: 'dollars', hourlyRateMinor: -1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/currency|hourlyRateMinor/);
  });
});

describe('profile: re-scoring, suggestions and administrators', () => {
  async function seedJobs(who: SignedIn, count: number, skills: string[], seed = 5) {
    const profile = await scoringProfileFor(h.database.db, who.user.id);
    const key = scoreKeyFor(profile);
    const rows = generateSandboxJobs(count, NOW, seed).map((job) => {
      const mapped = mapSearchNode({
        ...job,
        skills: skills.map((name) => ({ name, prettyName: name })),
      });
      return toNewJobRow(
        who.user.id,
        'upwork',
        `${seed}-${mapped.externalId}`,
        mapped,
        profile,
        key,
        NOW,
      );
    });
    await h.database.db.insert(jobs).values(rows);
  }

  it('re-scores every job in batches after a save, and then has nothing left to do', async () => {
    const pat = await h.signIn({ modules: ['upwork'] });
    const other = await h.signIn({ modules: ['upwork'] });
    await seedJobs(pat, RESCORE_BATCH + 60, ['Svelte', 'Rust']);
    await seedJobs(other, 5, ['Svelte']);
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: pat.headers,
      payload: { skills: ['Svelte', 'Rust'], hourlyRateMinor: 5_000 },
    });

    const steps: Array<{ rescored: number; remaining: number }> = [];
    for (let guard = 0; guard < 5; guard++) {
      const step = await h.app.inject({
        method: 'POST',
        url: '/api/profile/rescore',
        headers: pat.headers,
      });
      expect(step.statusCode).toBe(200);
      steps.push(step.json());
      if (step.json().remaining === 0) break;
    }
    expect(steps).toEqual([
      { rescored: RESCORE_BATCH, remaining: 60 },
      { rescored: 60, remaining: 0 },
    ]);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/profile/rescore',
      headers: pat.headers,
    });
    expect(again.json()).toEqual({ rescored: 0, remaining: 0 });

    const page = await h.app.inject({ url: '/api/jobs?limit=1', headers: pat.headers });
    const [job] = page.json().items;
    const detail = await h.app.inject({ url: `/api/jobs/${job.id}`, headers: pat.headers });
    const reasons = detail.json().score.reasons.map((reason: { text: string }) => reason.text);
    expect(reasons.join('\n')).toMatch(/Matches 2 of 2 skills: Svelte, Rust/);
    // Stored scores moved with the profile; the other user's were left alone.
    const stored = await h.database.db.select().from(jobs).where(eq(jobs.userId, pat.user.id));
    const key = scoreKeyFor(await scoringProfileFor(h.database.db, pat.user.id));
    expect(stored.every((row) => row.scoreKey === key)).toBe(true);
    const untouched = await h.app.inject({
      method: 'POST',
      url: '/api/profile/rescore',
      headers: other.headers,
    });
    expect(untouched.json()).toEqual({ rescored: 0, remaining: 0 });
  });

  it('suggests the skills of the caller’s own jobs, most frequent first', async () => {
    const sam = await h.signIn({ modules: ['upwork'] });
    const stranger = await h.signIn({ modules: ['upwork'] });
    await seedJobs(sam, 3, ['Figma', 'Webflow']);
    await seedJobs(sam, 1, ['Webflow', 'GSAP'], 99);
    await seedJobs(stranger, 2, ['Secret Skill']);
    const response = await h.app.inject({
      url: '/api/profile/skill-suggestions',
      headers: sam.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual(['Webflow', 'Figma', 'GSAP']);
  });

  it('names the active administrators to a member, and nothing else about them', async () => {
    const member = await h.signIn();
    const before = await h.app.inject({
      url: '/api/profile/administrators',
      headers: member.headers,
    });
    expect(before.json()).toEqual({ items: [{ name: null, email: 'first-admin@example.test' }] });

    const admin = await h.signIn({ role: 'admin', name: 'Ada Admin' });
    const after = await h.app.inject({
      url: '/api/profile/administrators',
      headers: member.headers,
    });
    expect(after.json()).toEqual({ items: [{ name: 'Ada Admin', email: admin.user.email }] });
  });
});
