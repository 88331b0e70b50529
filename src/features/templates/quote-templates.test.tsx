import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { QuoteTemplate } from '@/contract/quote-templates';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

const signedIn = { session: { identity: identityUser() } };
const URL = `${TEST_API}/api/quote-templates`;
/** The page is loaded lazily; the first look waits for it on a busy machine. */
const LOAD = { timeout: 15_000 };

function quoteTemplate(overrides: Partial<QuoteTemplate> = {}): QuoteTemplate {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    name: 'Web build',
    content: {
      summary: 'Hi {{client_name}}',
      understanding: '',
      timeline: '',
      terms: 'Half up front.',
      assumptions: ['You provide the designs'],
      lineItems: [
        {
          label: 'Discovery',
          description: 'Workshops',
          quantity: 4,
          unit: 'hours',
          rateMinor: null,
          optional: false,
        },
      ],
      validityDays: 30,
      taxBasisPoints: 0,
    },
    variables: ['client_name'],
    unknownVariables: [],
    isDefault: true,
    usageCount: 3,
    lastUsedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function answers(items: QuoteTemplate[]) {
  const sent: { created: unknown[]; patched: unknown[]; deleted: string[] } = {
    created: [],
    patched: [],
    deleted: [],
  };
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json([backendUserJson()])),
    http.get(URL, () => HttpResponse.json({ items, nextCursor: null })),
    http.post(URL, async ({ request }) => {
      sent.created.push(await request.json());
      return HttpResponse.json(quoteTemplate({ id: '66666666-6666-4666-8666-666666666666' }), {
        status: 201,
      });
    }),
    http.patch(`${URL}/:id`, async ({ request }) => {
      sent.patched.push(await request.json());
      return HttpResponse.json(items[0]);
    }),
    http.delete(`${URL}/:id`, ({ params }) => {
      sent.deleted.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

describe('/settings/quote-templates', () => {
  it('says what a template is for when there is none', async () => {
    answers([]);
    renderApp({ route: '/settings/quote-templates', ...signedIn });
    expect(await screen.findByText('No quote templates yet', {}, LOAD)).toBeInTheDocument();
    expect(
      screen.getByText('A template gives every new quote your sections, terms and usual lines.'),
    ).toBeInTheDocument();
  }, 20_000);

  it('says when the list cannot load, and Retry loads it', async () => {
    answers([]);
    let calls = 0;
    server.use(
      http.get(URL, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({}, { status: 500 })
          : HttpResponse.json({ items: [quoteTemplate()], nextCursor: null });
      }),
    );
    const { user } = renderApp({ route: '/settings/quote-templates', ...signedIn });
    const alert = await screen.findByText(/Could not load your quote templates/, {}, LOAD);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Web build/ })).toBeInTheDocument();
  });

  it('flags unknown variables while typing, inserts known ones, and saves a new template', async () => {
    const sent = answers([]);
    const { user } = renderApp({ route: '/settings/quote-templates', ...signedIn });
    await user.click(await screen.findByRole('button', { name: /New quote template/ }, LOAD));
    const form = screen.getByRole('form', { name: 'New quote template' });
    await user.type(within(form).getByLabelText('Name'), 'Retainer');
    const timeline = within(form).getByLabelText('Timeline');
    await user.click(timeline);
    await user.paste('Starts {{start_date}}');
    expect(within(form).getByText(/Unknown variable: \{\{start_date\}\}/)).toBeInTheDocument();
    expect(timeline).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(sent.created).toEqual([]);

    await user.clear(timeline);
    await user.click(within(form).getByRole('button', { name: /Insert \{\{valid_until\}\}/ }));
    expect(timeline).toHaveValue('{{valid_until}}');
    expect(timeline).toHaveAttribute('aria-invalid', 'false');
    // By keyboard the section is picked in the list, since tabbing passes the other sections.
    await user.selectOptions(within(form).getByLabelText('Insert a variable into'), 'Terms');
    await user.click(within(form).getByRole('button', { name: /Insert \{\{currency\}\}/ }));
    expect(within(form).getByLabelText('Terms')).toHaveValue('{{currency}}');

    await user.type(
      within(form).getByLabelText('Assumptions'),
      'Two revisions{Enter}Staging provided',
    );
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await user.type(within(form).getByLabelText('Line 1 name'), 'Monthly support');
    const quantity = within(form).getByLabelText('Line 1 quantity');
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.type(within(form).getByLabelText('Line 1 rate'), '95.50');
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await user.type(within(form).getByLabelText('Line 2 name'), 'Audit');
    await user.selectOptions(within(form).getByLabelText('Line 2 unit'), 'units');
    await user.click(within(form).getAllByLabelText(/Optional/)[1]!);
    const tax = within(form).getByLabelText('Tax (%)');
    await user.clear(tax);
    await user.type(tax, '7.5');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));

    await waitFor(() => expect(sent.created).toHaveLength(1));
    expect(sent.created[0]).toEqual({
      name: 'Retainer',
      isDefault: true,
      content: {
        summary: '',
        understanding: '',
        timeline: '{{valid_until}}',
        terms: '{{currency}}',
        assumptions: ['Two revisions', 'Staging provided'],
        lineItems: [
          {
            label: 'Monthly support',
            description: '',
            quantity: 10,
            unit: 'hours',
            rateMinor: 9550,
            optional: false,
          },
          {
            label: 'Audit',
            description: '',
            quantity: 1,
            unit: 'units',
            rateMinor: null,
            optional: true,
          },
        ],
        validityDays: 30,
        taxBasisPoints: 750,
      },
    });
  }, 30_000);

  it('lists with the default badge and uses, edits lines, and keeps untouched fields', async () => {
    const sent = answers([quoteTemplate()]);
    const { user } = renderApp({ route: '/settings/quote-templates', ...signedIn });
    const list = await screen.findByRole('region', { name: 'Quote templates' }, LOAD);
    expect(await within(list).findByText(/Used 3 times/)).toBeInTheDocument();
    expect(within(list).getByText('Default')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Web build/ }));
    const form = screen.getByRole('form', { name: 'Edit Web build' });
    expect(within(form).getByLabelText('Line 1 name')).toHaveValue('Discovery');
    expect(within(form).getByLabelText('Line 1 rate')).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Remove line 1' }));
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(sent.patched).toHaveLength(1));
    expect(sent.patched[0]).toMatchObject({ name: 'Web build', content: { lineItems: [] } });
    expect(sent.patched[0]).not.toHaveProperty('isDefault');
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved.');
  }, 20_000);

  it('shows the server’s refusal and keeps the text', async () => {
    answers([]);
    server.use(
      http.post(URL, () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'Give the line a name' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp({ route: '/settings/quote-templates', ...signedIn });
    await user.click(await screen.findByRole('button', { name: /New quote template/ }, LOAD));
    const form = screen.getByRole('form', { name: 'New quote template' });
    await user.type(within(form).getByLabelText('Name'), 'Kept');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Give the line a name');
    expect(within(form).getByLabelText('Name')).toHaveValue('Kept');
  });

  it('deletes only after confirming in the app’s dialog; Escape keeps it', async () => {
    const sent = answers([quoteTemplate()]);
    const confirmSpy = vi.spyOn(window, 'confirm');
    const { user } = renderApp({ route: '/settings/quote-templates', ...signedIn });
    await user.click(await screen.findByRole('button', { name: /Web build/ }, LOAD));
    const form = screen.getByRole('form', { name: 'Edit Web build' });
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete the quote template “Web build”?',
    });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.deleted).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete template',
      }),
    );
    await waitFor(() => expect(sent.deleted).toEqual([quoteTemplate().id]));
    expect(confirmSpy).not.toHaveBeenCalled();
    confirmSpy.mockRestore();
  }, 20_000);
});
