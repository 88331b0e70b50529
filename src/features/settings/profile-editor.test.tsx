import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { emptyProfile, type UpdateProfileBody } from '@/contract/profile';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

function profileApi(options: { rescoreSteps?: Array<{ rescored: number; remaining: number }> }) {
  const sent: UpdateProfileBody[] = [];
  let profile = emptyProfile('Ada Lovelace');
  const steps = [...(options.rescoreSteps ?? [{ rescored: 0, remaining: 0 }])];
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json(backendUserJson())),
    http.get(`${TEST_API}/api/profile`, () => HttpResponse.json(profile)),
    http.put(`${TEST_API}/api/profile`, async ({ request }) => {
      const body = (await request.json()) as UpdateProfileBody;
      sent.push(body);
      profile = { ...profile, ...body, updatedAt: new Date().toISOString() };
      return HttpResponse.json(profile);
    }),
    http.post(`${TEST_API}/api/profile/rescore`, () =>
      HttpResponse.json(steps.shift() ?? { rescored: 0, remaining: 0 }),
    ),
    http.get(`${TEST_API}/api/profile/skill-suggestions`, () =>
      HttpResponse.json({ items: ['React', 'TypeScript', 'Node.js', 'Figma'] }),
    ),
  );
  return { sent };
}

function renderEditor() {
  return renderApp({ route: '/settings/profile', session: { identity: identityUser() } });
}

describe('profile editor', () => {
  it('adds skills with Enter, a comma and a suggestion, removes the last with Backspace, and saves', async () => {
    const { sent } = profileApi({
      rescoreSteps: [
        { rescored: 250, remaining: 12 },
        { rescored: 12, remaining: 0 },
      ],
    });
    const { user } = renderEditor();

    const skills = await screen.findByRole('combobox', { name: 'Skills' });
    await user.type(skills, 'Svelte{Enter}Rust,');
    await user.type(skills, 'Type');
    const listbox = screen.getByRole('listbox', { name: 'Skills from your jobs' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['TypeScript']);
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(skills, 'Go{Enter}{Backspace}');
    const chosen = screen.getByRole('list', { name: 'Your skills' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Svelte', 'Rust', 'TypeScript']);

    await user.type(screen.getByLabelText('Hourly rate (USD)'), '85');
    await user.type(screen.getByLabelText('Signature'), 'Ada, building since 2015');
    await user.click(screen.getByRole('button', { name: 'Add writing sample' }));
    await user.type(screen.getByLabelText('Sample 1'), 'I shipped it a week early.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Saved.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(
      await screen.findByText('262 jobs re-scored.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        skills: ['Svelte', 'Rust', 'TypeScript'],
        hourlyRateMinor: 8_500,
        rateFloorMinor: null,
        signature: 'Ada, building since 2015',
        writingSamples: ['I shipped it a week early.'],
      }),
    ]);
  });

  it('shows errors next to their fields only after a submit, and sends nothing', async () => {
    const { sent } = profileApi({});
    const { user } = renderEditor();

    const rate = await screen.findByLabelText('Hourly rate (USD)');
    await user.type(rate, 'lots');
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Rate floor (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText(/Enter your hourly rate as a number/)).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    await user.clear(rate);
    await user.type(rate, '40');
    expect(await screen.findByText(/keep it at or below your hourly rate/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('fills the form from a connected Upwork account for review, without saving', async () => {
    const { sent } = profileApi({});
    server.use(
      http.get(`${TEST_API}/api/upwork/connection`, () =>
        HttpResponse.json({
          status: 'connected',
          demo: true,
          upworkUserName: 'Dana Demo',
          organizationId: '1',
          organizations: [],
          connectedAt: new Date().toISOString(),
          lastSyncAt: null,
          lastError: null,
          removeAppUrl: 'https://www.upwork.com/ab/account-security/connected-services',
        }),
      ),
      http.get(`${TEST_API}/api/profile/from-upwork`, () =>
        HttpResponse.json({
          title: 'Full-stack TypeScript developer',
          skills: ['React', 'Node.js'],
          hourlyRateMinor: 7_500,
          timezone: 'Europe/Lisbon',
        }),
      ),
    );
    const { user } = renderEditor();

    await user.click(await screen.findByRole('button', { name: 'Fill from Upwork' }));
    expect(
      await screen.findByText('Filled from Upwork: review the fields, then save.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Full-stack TypeScript developer');
    expect(screen.getByLabelText('Hourly rate (USD)')).toHaveValue('75');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Lisbon');
    await waitFor(() => expect(sent).toEqual([]));
  });
});
