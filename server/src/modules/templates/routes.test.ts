import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Template, TemplatePreview } from '#contract/templates';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';
import { insertJob, parseEvents } from '../responses/test-helpers.ts';

let h: Harness;
let ann: SignedIn;
let ben: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  ann = await h.signIn({ modules: ['response'] });
  ben = await h.signIn({ modules: ['response'] });
});
afterAll(async () => {
  await h.close();
});

const create = (user: SignedIn, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/api/templates', headers: user.headers, payload });

describe('response templates', () => {
  it('creates with variables, refuses unknown ones, keeps one default, and counts uses', async () => {
    const refused = await create(ann, {
      name: 'Short and direct',
      body: 'Hi {{client_name}}, about {{job_title}}: {{skills}}. {{favourite_color}}',
    });
    expect(refused.statusCode).toBe(400);
    const refusal = refused.json() as {
      error: { message: string; details: { unknownVariables: string[] } };
    };
    expect(refusal.error.message).toContain('{{favourite_color}}');
    expect(refusal.error.message).toContain('{{client_name}}');
    expect(refusal.error.details.unknownVariables).toEqual(['favourite_color']);
    const first = await create(ann, {
      name: 'Short and direct',
      body: 'Hi {{client_name}}, about {{job_title}}: {{skills}}.\n\n{{question}}\n\n{{signature}}',
      isDefault: true,
    });
    expect(first.statusCode).toBe(201);
    const t1 = first.json() as Template;
    expect(t1.variables).toEqual(['client_name', 'job_title', 'skills', 'question', 'signature']);
    expect(t1.unknownVariables).toEqual([]);
    const t2 = (
      await create(ann, {
        name: 'Case study first',
        body: '{{portfolio}}\n\n{{question}}',
        isDefault: true,
      })
    ).json() as Template;
    const list = (
      await h.app.inject({ url: '/api/templates?kind=response', headers: ann.headers })
    ).json() as { items: Template[] };
    expect(list.items.filter((t) => t.isDefault).map((t) => t.id)).toEqual([t2.id]);

    const job = await insertJob(h.database.db, ann.user.id, {
      title: 'Vue migration',
      description: 'Move our app from Vue 2 to Vue 3.',
      skills: ['Vue'],
      screeningQuestions: ['Done this before?'],
    });
    const gen = await h.app.inject({
      method: 'POST',
      url: '/api/responses/generate',
      headers: ann.headers,
      payload: { jobId: job.id, templateId: t1.id },
    });
    const done = parseEvents(gen.body).find((e) => e.type === 'done');
    expect(done?.type === 'done' && done.data.text).toContain('about Vue migration');
    expect(done?.type === 'done' && done.data.templateId).toBe(t1.id);
    const after = (
      await h.app.inject({ url: `/api/templates/${t1.id}`, headers: ann.headers })
    ).json() as Template;
    expect(after.usageCount).toBe(1);
    const logged = await h.database.db.select().from(activities);
    expect(logged.filter((a) => a.userId === ann.user.id).map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'create_response_template',
        'use_response_template',
        'generate_response',
      ]),
    );
  });

  it('previews against a real job of the user, and 404s for foreign ids', async () => {
    const job = await insertJob(h.database.db, ann.user.id, {
      title: 'Django API',
      description: 'Build a REST API in Django.',
      skills: ['Django'],
    });
    const preview = await h.app.inject({
      method: 'POST',
      url: '/api/templates/preview',
      headers: ann.headers,
      payload: { body: 'Re: {{job_title}} ({{job_skills}}) {{nope}}', jobId: job.id },
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json() as TemplatePreview;
    expect(body.text).toBe('Re: Django API (Django) {{nope}}');
    expect(body.unknownVariables).toEqual(['nope']);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/templates/preview',
          headers: ben.headers,
          payload: { body: 'x', jobId: job.id },
        })
      ).statusCode,
    ).toBe(404);

    const mine = (await h.app.inject({ url: '/api/templates', headers: ann.headers })).json() as {
      items: Template[];
    };
    const id = mine.items[0]!.id;
    expect(
      (await h.app.inject({ url: `/api/templates/${id}`, headers: ben.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await h.app.inject({
          method: 'PATCH',
          url: `/api/templates/${id}`,
          headers: ben.headers,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/api/templates/${id}`, headers: ben.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        (await h.app.inject({ url: '/api/templates', headers: ben.headers })).json() as {
          items: Template[];
        }
      ).items,
    ).toHaveLength(0);
  });

  it('edits, validates and deletes', async () => {
    const t = (
      await create(ann, { name: 'To edit', body: 'Hello {{my_name}}' })
    ).json() as Template;
    const edited = await h.app.inject({
      method: 'PATCH',
      url: `/api/templates/${t.id}`,
      headers: ann.headers,
      payload: { body: 'Hello {{my_name}} {{rate}}' },
    });
    expect((edited.json() as Template).variables).toEqual(['my_name', 'rate']);
    const unknownEdit = await h.app.inject({
      method: 'PATCH',
      url: `/api/templates/${t.id}`,
      headers: ann.headers,
      payload: { body: 'Hello {{my_name}} {{unknown_thing}}' },
    });
    expect(unknownEdit.statusCode).toBe(400);
    expect((unknownEdit.json() as { error: { message: string } }).error.message).toContain(
      '{{unknown_thing}}',
    );
    expect((await create(ann, { name: '', body: 'x' })).statusCode).toBe(400);
    expect((await create(ann, { name: 'x', body: 'y', role: 'admin' })).statusCode).toBe(400);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: `/api/templates/${t.id}`,
          headers: ann.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await h.app.inject({ url: `/api/templates/${t.id}`, headers: ann.headers })).statusCode,
    ).toBe(404);
  });
});
