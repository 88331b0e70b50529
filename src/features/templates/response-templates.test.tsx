import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Template } from '@/contract/templates';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

const signedIn = { session: { identity: identityUser() } };

function template(overrides: Partial<Template> = {}): Template {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    kind: 'response',
    name: 'Short and direct',
    body: 'Hi {{client_name}}',
    variables: ['client_name'],
    unknownVariables: [],
    isDefault: true,
    usageCount: 4,
    lastUsedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

describe('/settings/response-templates', () => {
  it('flags unknown variables while typing, refuses to save them, previews, and saves a new template', async () => {
    let created: unknown;
    server.use(
      http.get(`${TEST_API}/api/users`, () => HttpResponse.json([backendUserJson()])),
      http.get(`${TEST_API}/api/templates`, () =>
        HttpResponse.json({ items: [template()], nextCursor: null }),
      ),
      http.get(`${TEST_API}/api/jobs`, () => HttpResponse.json({ items: [], nextCursor: null })),
      http.post(`${TEST_API}/api/templates/preview`, () =>
        HttpResponse.json({
          text: 'Hi there',
          unknownVariables: ['colour'],
          values: {},
          jobTitle: null,
        }),
      ),
      http.post(`${TEST_API}/api/templates`, async ({ request }) => {
        created = await request.json();
        return HttpResponse.json(
          template({
            id: '66666666-6666-4666-8666-666666666666',
            name: 'Case study first',
            isDefault: false,
          }),
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp({ route: '/settings/response-templates', ...signedIn });
    expect(await screen.findByText('Used 4 times')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /New template/ }));
    await user.type(screen.getByLabelText('Name'), 'Case study first');
    const body = screen.getByLabelText('Text');
    await user.clear(body);
    await user.click(body);
    await user.paste('Hi {{client_name}}, {{colour}}');
    expect(screen.getByText(/Unknown variable: \{\{colour\}\}/)).toBeInTheDocument();
    expect(body).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByLabelText('Preview')).toHaveTextContent('Hi there');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Unknown variable \{\{colour\}\}.*Use only \{\{client_name\}\}/,
    );
    expect(created).toBeUndefined();
    await user.clear(body);
    await user.paste('Hi {{client_name}}, {{job_title}}');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(created).toEqual({
        kind: 'response',
        name: 'Case study first',
        body: 'Hi {{client_name}}, {{job_title}}',
        isDefault: false,
      }),
    );
  }, 20_000);
});
