import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { COVER_LETTER_LIMIT, type Response, type ResponseList } from '#contract/responses';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { templates } from '../../db/schema/templates.ts';
import { withoutPlaceholders } from './generation.ts';
import { insertJob, parseEvents } from './test-helpers.ts';

let h: Harness;
let ada: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  ada = await h.signIn({ modules: ['response'] });
});
afterAll(async () => {
  await h.close();
});

async function generate(body: Record<string, unknown>) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/responses/generate',
    headers: ada.headers,
    payload: body,
  });
  const events = res.statusCode === 200 ? parseEvents(res.body) : [];
  const ids = events.flatMap((e) =>
    e.type === 'done' && e.data.responseId ? [e.data.responseId] : [],
  );
  return { res, events, ids };
}

async function responsesFor(jobId: string): Promise<Response[]> {
  const res = await h.app.inject({ url: `/api/responses?jobId=${jobId}`, headers: ada.headers });
  return (res.json() as ResponseList).items;
}

const patch = (id: string, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'PATCH', url: `/api/responses/${id}`, headers: ada.headers, payload });

const setStatus = (id: string, status: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/responses/${id}/status`,
    headers: ada.headers,
    payload: { status },
  });

const newJob = (title: string) =>
  insertJob(h.database.db, ada.user.id, {
    title,
    description: `${title}: build it in React with TypeScript.`,
    skills: ['React'],
  });

describe('generated drafts', () => {
  it('replaces the untouched drafts of the previous run, and keeps an edited one', async () => {
    const job = await newJob('Replace on regenerate');
    const first = await generate({ jobId: job.id });
    const second = await generate({ jobId: job.id, replaces: first.ids });
    const third = await generate({ jobId: job.id, replaces: second.ids });
    expect((await responsesFor(job.id)).map((r) => r.id)).toEqual(third.ids);

    expect((await patch(third.ids[0]!, { text: 'My own words about React.' })).statusCode).toBe(
      200,
    );
    const fourth = await generate({ jobId: job.id, replaces: third.ids });
    const kept = (await responsesFor(job.id)).map((r) => r.id).sort();
    expect(kept).toEqual([...third.ids, ...fourth.ids].sort());
  });

  it('never deletes another account’s drafts through replaces', async () => {
    const job = await newJob('Foreign replace');
    const mine = await generate({ jobId: job.id });
    const eve = await h.signIn({ modules: ['response'] });
    const eveJob = await insertJob(h.database.db, eve.user.id, {
      title: 'Eve job',
      description: 'Eve job about React.',
    });
    await h.app.inject({
      method: 'POST',
      url: '/api/responses/generate',
      headers: eve.headers,
      payload: { jobId: eveJob.id, replaces: mine.ids },
    });
    expect((await responsesFor(job.id)).map((r) => r.id)).toEqual(mine.ids);
  });
});

describe('checks after an edit, and sending', () => {
  it('re-runs the text checks on save and refuses to mark an over-long draft sent', async () => {
    const job = await newJob('Over-long draft');
    const { ids } = await generate({ jobId: job.id });
    const id = ids[0]!;
    const long = 'React '.repeat(2000).trim();
    const saved = (await patch(id, { text: long })).json() as Response;
    const length = saved.checks.find((c) => c.id === 'length');
    expect(length?.passed).toBe(false);
    expect(length?.detail).toContain(long.length.toLocaleString('en-US'));
    expect(long.length).toBeGreaterThan(COVER_LETTER_LIMIT);

    const refused = await setStatus(id, 'sent');
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { error: { message: string } }).error.message).toMatch(
      /cannot be marked sent.*over Upwork's limit/,
    );
    expect((await setStatus(id, 'archived')).statusCode).toBe(200);

    const fixed = (
      await patch(id, { text: 'A short React answer. When can we start?' })
    ).json() as Response;
    expect(fixed.checks.find((c) => c.id === 'length')?.passed).toBe(true);
    expect((await setStatus(id, 'sent')).statusCode).toBe(200);
  });

  it('refuses an empty text and a text with a placeholder left from being sent', async () => {
    const job = await newJob('Empty draft');
    const { ids } = await generate({ jobId: job.id });
    const id = ids[0]!;
    const empty = await patch(id, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('The response is empty');

    const withPlaceholder = (
      await patch(id, { text: 'Hi {{client_name}}, about React?' })
    ).json() as Response;
    expect(withPlaceholder.checks.find((c) => c.id === 'variables')).toMatchObject({
      passed: false,
      detail: 'Replace or remove {{client_name}} before sending.',
    });
    const refused = await setStatus(id, 'replied');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('{{client_name}}');
  });
});

describe('template variables in drafts', () => {
  it('refuses to generate from a template saved with an unknown variable', async () => {
    const job = await newJob('Legacy template');
    const [legacy] = await h.database.db
      .insert(templates)
      .values({
        userId: ada.user.id,
        kind: 'response',
        name: 'Legacy',
        body: 'Hi {{client_name}} {{unknown_thing}}',
        variables: ['client_name', 'unknown_thing'],
      })
      .returning();
    const { res } = await generate({ jobId: job.id, templateId: legacy!.id });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('{{unknown_thing}}');
    expect(res.body).toContain('Legacy');

    // Left to choose, the agent skips it, and no draft carries a placeholder.
    const chosen = await generate({ jobId: job.id });
    const done = chosen.events.find((e) => e.type === 'done');
    expect(done?.type === 'done' && done.data.templateId).not.toBe(legacy!.id);
    expect(done?.type === 'done' && done.data.text).not.toMatch(/\{\{/);
  });

  it('removes placeholders a drafter left, and says so in the checks', () => {
    const cleaned = withoutPlaceholders({
      text: 'Hello {{ client_name }}, I build React apps. {{mystery}}\n\nWhen can we talk?',
      checks: [],
      citations: [],
      templateId: null,
      usage: { promptTokens: 0, completionTokens: 0 },
      latencyMs: 0,
      costMicros: 0,
      stopped: false,
    });
    expect(cleaned.text).toBe('Hello, I build React apps.\n\nWhen can we talk?');
    expect(cleaned.checks.find((c) => c.id === 'variables')).toMatchObject({
      passed: false,
      fixed: true,
    });
  });
});
