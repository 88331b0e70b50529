import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { LogActivityBody } from '@/contract/activity';
import type { BackendUser, UpdateUserBody } from '@/contract/user';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

const signedIn = { session: { identity: identityUser() } };
const SELF = backendUserJson({ role: 'admin', name: 'Ada Admin' });

function member(overrides: Partial<BackendUser> = {}): BackendUser {
  return {
    ...SELF,
    id: crypto.randomUUID(),
    name: 'Mia Member',
    email: 'mia@example.com',
    role: 'member',
    modules: ['response'],
    ...overrides,
  };
}

/** An admin session and a users list the handlers keep in step with the changes made. */
function adminWithUsers(users: BackendUser[]) {
  const seen = {
    lists: [] as URLSearchParams[],
    patches: [] as UpdateUserBody[],
    logged: [] as string[],
  };
  const rows = [SELF, ...users];
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json([SELF])),
    http.get(`${TEST_API}/api/admin/users`, ({ request }) => {
      seen.lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: rows, nextCursor: null, total: rows.length });
    }),
    http.patch(`${TEST_API}/api/admin/users/:id`, async ({ request, params }) => {
      const changes = (await request.json()) as UpdateUserBody;
      seen.patches.push(changes);
      const row = rows.find((each) => each.id === params.id);
      if (!row)
        return HttpResponse.json(
          { error: { code: 'not_found', message: 'User not found' } },
          { status: 404 },
        );
      Object.assign(row, changes);
      return HttpResponse.json(row);
    }),
    http.post(`${TEST_API}/api/activities/log`, async ({ request }) => {
      seen.logged.push(((await request.json()) as LogActivityBody).action);
      return new HttpResponse(null, { status: 201 });
    }),
  );
  return seen;
}

async function rowOf(email: string) {
  // The first render also loads the screen's code, which takes a while on a busy machine.
  const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 15_000 });
  return within(table).findByRole('row', { name: new RegExp(email) });
}

describe('/users (admin panel)', () => {
  it('logs view_admin_panel, searches and sorts on the server, and counts the users', async () => {
    const seen = adminWithUsers([member()]);
    const { user } = renderApp({ route: '/users', ...signedIn });
    await rowOf('mia@example.com');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(seen.logged).toContain('view_admin_panel'));

    await user.type(screen.getByLabelText('Search users'), 'mia');
    await waitFor(() => expect(seen.lists.some((params) => params.get('q') === 'mia')).toBe(true));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name A–Z');
    await waitFor(() =>
      expect(
        seen.lists.some((params) => params.get('sort') === 'name' && params.get('dir') === 'asc'),
      ).toBe(true),
    );
  });

  it('saves a module at once and Undo puts the previous modules back', async () => {
    const seen = adminWithUsers([member()]);
    const { user } = renderApp({ route: '/users', ...signedIn });
    const row = await rowOf('mia@example.com');
    await user.click(within(row).getByRole('checkbox', { name: 'upwork' }));
    await waitFor(() => expect(seen.patches).toEqual([{ modules: ['response', 'upwork'] }]));
    expect(await screen.findByText('Modules of Mia Member: response, upwork.')).toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'upwork' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(seen.patches).toEqual([
        { modules: ['response', 'upwork'] },
        { modules: ['response'] },
      ]),
    );
    await waitFor(() =>
      expect(within(row).getByRole('checkbox', { name: 'upwork' })).not.toBeChecked(),
    );
  });

  it('shows the API’s reason when a change is refused and keeps the row as it was', async () => {
    adminWithUsers([member()]);
    server.use(
      http.patch(`${TEST_API}/api/admin/users/:id`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'conflict',
              message: 'This is the last administrator: make someone else an admin first.',
            },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp({ route: '/users', ...signedIn });
    const row = await rowOf('mia@example.com');
    await user.selectOptions(within(row).getByLabelText('Role of mia@example.com'), 'admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('This is the last administrator');
    expect(within(row).getByLabelText('Role of mia@example.com')).toHaveValue('member');
  });

  it('never offers an admin to disable, delete or demote their own account', async () => {
    adminWithUsers([member()]);
    renderApp({ route: '/users', ...signedIn });
    const own = await rowOf(SELF.email);
    expect(within(own).queryByRole('button', { name: /Disable|Delete/ })).not.toBeInTheDocument();
    expect(within(own).queryByRole('combobox')).not.toBeInTheDocument();
    expect(own).toHaveTextContent('another administrator can disable or delete it');
  });

  it('disables only after confirming; Escape closes the dialog without a change', async () => {
    adminWithUsers([member()]);
    const statuses: unknown[] = [];
    server.use(
      http.post(`${TEST_API}/api/admin/users/:id/status`, async ({ request }) => {
        statuses.push(await request.json());
        return HttpResponse.json(member({ status: 'disabled' }));
      }),
    );
    const { user } = renderApp({ route: '/users', ...signedIn });
    const row = await rowOf('mia@example.com');
    await user.click(within(row).getByRole('button', { name: 'Disable mia@example.com' }));
    expect(await screen.findByRole('dialog', { name: 'Disable Mia Member?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statuses).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Disable mia@example.com' }));
    await user.click(await screen.findByRole('button', { name: 'Disable account' }));
    await waitFor(() => expect(statuses).toEqual([{ status: 'disabled' }]));
  });

  it('deletes only once the user’s email is typed', async () => {
    adminWithUsers([member()]);
    const deleted: string[] = [];
    server.use(
      http.delete(`${TEST_API}/api/admin/users/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp({ route: '/users', ...signedIn });
    const row = await rowOf('mia@example.com');
    await user.click(within(row).getByRole('button', { name: 'Delete mia@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mia Member?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete user' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/to confirm/), 'mia@example.co');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/to confirm/), 'm');
    await user.click(confirm);
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(
      await screen.findByText('Deleted mia@example.com and all their data.'),
    ).toBeInTheDocument();
  });

  it('invites: checks the email on submit, then shows the password link to copy', async () => {
    adminWithUsers([]);
    const link = 'http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=abc';
    server.use(
      http.post(`${TEST_API}/api/admin/users/invite`, async ({ request }) => {
        const body = (await request.json()) as { email: string; modules: string[] };
        expect(body.modules).toEqual(['proposal']);
        return HttpResponse.json(
          { user: member({ email: body.email, modules: ['proposal'] }), passwordResetLink: link },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp({ route: '/users', ...signedIn });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    await user.type(within(dialog).getByLabelText('Email'), 'new');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText(/Enter a full email address/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), '@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'proposal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    const ready = await screen.findByRole('dialog', { name: 'Invitation ready' });
    expect(within(ready).getByLabelText('Password link for new@example.com')).toHaveValue(link);
    await user.click(within(ready).getByRole('button', { name: 'Copy' }));
    expect(await within(ready).findByText(/Link copied|Copying was refused/)).toBeInTheDocument();
  });
});
