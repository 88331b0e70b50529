import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Template } from '#contract/templates';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

import { activities } from '../../db/schema/activities.ts';

let h: Harness;
let ann: SignedIn;
let ben: SignedIn;

const BROWSER = 'Mozilla/5.0 (template activity test)';

beforeAll(async () => {
  h = await createHarness();
  ann = await h.signIn({ modules: ['response'] });
  ben = await h.signIn({ modules: ['response'] });
});
afterAll(async () => {
  await h.close();
});

/** The user's activity entries, by action name (entries written in one millisecond tie on time). */
async function loggedFor(userId: string) {
  const rows = await h.database.db.select().from(activities).where(eq(activities.userId, userId));
  return rows
    .sort((a, b) => a.action.localeCompare(b.action))
    .map((row) => ({
      action: row.action,
      details: row.details,
      templateName: row.templateName,
      userAgent: row.userAgent,
    }));
}

describe('template activity', () => {
  it('logs create, edit, copy and delete with the name, the details and the browser', async () => {
    const headers = { ...ann.headers, 'user-agent': BROWSER };
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers,
      payload: { name: 'Warm opener', body: 'Hi {{client_name}}' },
    });
    expect(created.statusCode).toBe(201);
    const template = created.json() as Template;
    const edited = await h.app.inject({
      method: 'PATCH',
      url: `/api/templates/${template.id}`,
      headers,
      payload: { name: 'Warm opener v2' },
    });
    expect(edited.statusCode).toBe(200);
    const copied = await h.app.inject({
      method: 'POST',
      url: `/api/templates/${template.id}/use`,
      headers,
    });
    expect((copied.json() as Template).usageCount).toBe(1);
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/templates/${template.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);

    expect(await loggedFor(ann.user.id)).toEqual([
      {
        action: 'create_response_template',
        details: { templateId: template.id, unknownVariables: [] },
        templateName: 'Warm opener',
        userAgent: BROWSER,
      },
      {
        action: 'delete_response_template',
        details: { templateId: template.id },
        templateName: 'Warm opener v2',
        userAgent: BROWSER,
      },
      {
        action: 'edit_response_template',
        details: { templateId: template.id, fields: ['name'] },
        templateName: 'Warm opener v2',
        userAgent: BROWSER,
      },
      {
        action: 'use_response_template',
        details: { templateId: template.id, via: 'copy' },
        templateName: 'Warm opener v2',
        userAgent: BROWSER,
      },
    ]);
  });

  it('logs nothing when another user copies or deletes a template they cannot see', async () => {
    const template = (
      await h.app.inject({
        method: 'POST',
        url: '/api/templates',
        headers: ann.headers,
        payload: { name: 'Private', body: 'Hello' },
      })
    ).json() as Template;
    for (const method of ['POST', 'DELETE'] as const) {
      const url =
        method === 'POST' ? `/api/templates/${template.id}/use` : `/api/templates/${template.id}`;
      const answer = await h.app.inject({ method, url, headers: ben.headers });
      expect(answer.statusCode).toBe(404);
    }
    expect(await loggedFor(ben.user.id)).toEqual([]);
  });
});
