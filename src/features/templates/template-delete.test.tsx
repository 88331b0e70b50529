import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { Template } from '@/contract/templates';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

const signedIn = { session: { identity: identityUser() } };

const intro: Template = {
  id: '77777777-7777-4777-8777-777777777777',
  kind: 'response',
  name: 'Warm intro',
  body: 'Hi {{client_name}}',
  variables: ['client_name'],
  unknownVariables: [],
  isDefault: false,
  usageCount: 2,
  lastUsedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function answers() {
  const deleted: string[] = [];
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json([backendUserJson()])),
    http.get(`${TEST_API}/api/templates`, () =>
      HttpResponse.json({ items: [intro], nextCursor: null }),
    ),
    http.get(`${TEST_API}/api/jobs`, () => HttpResponse.json({ items: [], nextCursor: null })),
    http.post(`${TEST_API}/api/templates/preview`, () =>
      HttpResponse.json({ text: 'Hi', unknownVariables: [], values: {}, jobTitle: null }),
    ),
    http.delete(`${TEST_API}/api/templates/:id`, ({ params }) => {
      deleted.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return deleted;
}

async function openDeleteDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: /Warm intro/ }));
  const editor = screen.getByRole('region', { name: 'Template editor' });
  await user.click(within(editor).getByRole('button', { name: 'Delete' }));
  return screen.findByRole('alertdialog', { name: 'Delete the template “Warm intro”?' });
}

describe('deleting a response template', () => {
  it('asks in the app’s own dialog, never the browser’s, and Escape keeps the template', async () => {
    const deleted = answers();
    const confirmSpy = vi.spyOn(window, 'confirm');
    const { user } = renderApp({ route: '/settings/response-templates', ...signedIn });
    const dialog = await openDeleteDialog(user);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The keyboard user is back on the button that opened the dialog.
    const editor = screen.getByRole('region', { name: 'Template editor' });
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: 'Delete' })).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: /Warm intro/ })).toBeInTheDocument();
    expect(confirmSpy).not.toHaveBeenCalled();
    expect(deleted).toEqual([]);
    confirmSpy.mockRestore();
  });

  it('removes it from the list with Undo, which keeps it on the server', async () => {
    const deleted = answers();
    const { user } = renderApp({ route: '/settings/response-templates', ...signedIn });
    const dialog = await openDeleteDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('Deleted “Warm intro”.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Warm intro/ })).not.toBeInTheDocument();
    // The focus went away with the template: it lands on Undo, not at the top of the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: /Warm intro/ })).toBeInTheDocument();
    expect(deleted).toEqual([]);
  });

  it('deletes on the server once the Undo offer is dismissed', async () => {
    const deleted = answers();
    const { user } = renderApp({ route: '/settings/response-templates', ...signedIn });
    const dialog = await openDeleteDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(deleted).toEqual([intro.id]));
  });
});
