import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { PortfolioItem, PortfolioSearchResult } from '@/contract/portfolio';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

import { precheckFile, uploadPortfolioFile } from './portfolio-files';
import { toBody } from './portfolio-form-values';

const signedIn = { session: { identity: identityUser() } };

function item(overrides: Partial<PortfolioItem> = {}): PortfolioItem {
  return {
    id: crypto.randomUUID(),
    title: 'Checkout rebuild',
    description: 'Rebuilt a slow checkout for a fashion brand.',
    role: 'Lead developer',
    skills: ['React', 'Stripe'],
    industry: 'Retail',
    results: 'Conversion up.',
    resultMetrics: [{ label: 'conversion', value: 23, unit: '%' }],
    links: [{ label: 'Live site', url: 'https://shop.example.com' }],
    date: '2025-06-30',
    position: 0,
    files: [],
    citations: { responses: 3, replied: 1 },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

function answers(items: PortfolioItem[]) {
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json([backendUserJson()])),
    http.get(`${TEST_API}/api/portfolio/items`, () =>
      HttpResponse.json({ items, nextCursor: null }),
    ),
    http.get(`${TEST_API}/api/portfolio/facets`, () =>
      HttpResponse.json({
        skills: [{ value: 'React', count: 1 }],
        industries: [{ value: 'Retail', count: 1 }],
        total: items.length,
      }),
    ),
  );
}

describe('/portfolio', () => {
  it('shows each item with its results and how often responses cited it', async () => {
    answers([item()]);
    renderApp({ route: '/portfolio', ...signedIn });
    const card = await screen.findByRole('article', { name: 'Checkout rebuild' });
    expect(within(card).getByText('Cited in 3 responses, 1 got a reply')).toBeInTheDocument();
    expect(within(card).getByText('23%')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Live site' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
  });

  it('searches by words, shows why each item matched, and says when AI search is unavailable', async () => {
    const found = item({ title: 'Ledger migration' });
    const seen: string[] = [];
    answers([found]);
    server.use(
      http.get(`${TEST_API}/api/portfolio/search`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(`${url.searchParams.get('q')}|${url.searchParams.get('mode')}`);
        const ai = url.searchParams.get('mode') === 'ai';
        const body: PortfolioSearchResult = {
          mode: 'text',
          requestedMode: ai ? 'ai' : 'text',
          aiAvailable: false,
          note: ai
            ? 'AI search needs an AI provider that offers embeddings; showing matches by words instead.'
            : null,
          results: [
            {
              item: found,
              score: 0.5,
              textRank: 0.5,
              similarity: null,
              matchedTerms: ['ledger'],
              matchedIn: ['files'],
              snippet: [
                { text: 'the ', match: false },
                { text: 'ledger', match: true },
                { text: ' <script>alert(1)</script>', match: false },
              ],
            },
          ],
          tookMs: 2,
        };
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderApp({ route: '/portfolio', ...signedIn });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'ledger');
    const why = await screen.findByLabelText('Why it matched');
    expect(why).toHaveTextContent('ledger in attached files');
    expect(within(why).getAllByText('ledger')[0]!.tagName).toBe('MARK');
    // Snippets are text, never HTML.
    expect(why).toHaveTextContent('<script>alert(1)</script>');
    expect(document.querySelector('script')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'AI' }));
    expect(await screen.findByRole('note')).toHaveTextContent('AI search needs an AI provider');
    expect(seen).toContain('ledger|ai');
    expect(screen.getByTestId('location').textContent).toContain('mode=ai');
  });

  it('links to the settings page, which links back', async () => {
    answers([]);
    const { user } = renderApp({ route: '/portfolio', ...signedIn });
    await user.click(await screen.findByRole('link', { name: 'Manage portfolio' }));
    await user.click(await screen.findByRole('link', { name: 'View portfolio' }));
    expect(await screen.findByRole('heading', { name: 'Portfolio', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/portfolio');
  });

  it('shows an honest empty state', async () => {
    answers([]);
    renderApp({ route: '/portfolio', ...signedIn });
    expect(
      await screen.findByRole('heading', { name: 'No portfolio items yet' }),
    ).toBeInTheDocument();
  });
});

describe('/settings/portfolio', () => {
  it('shows validation messages next to the fields and keeps the input', async () => {
    answers([]);
    const { user } = renderApp({ route: '/settings/portfolio', ...signedIn });
    await user.click(await screen.findByRole('button', { name: 'Add your first item' }));
    const form = screen.getByRole('form', { name: 'New portfolio item' });
    await user.click(within(form).getByRole('button', { name: 'Add a link' }));
    await user.type(within(form).getByLabelText('Address of link 1'), 'javascript:alert(1)');
    await user.type(within(form).getByLabelText('Description'), 'Kept text');
    await user.click(within(form).getByRole('button', { name: 'Create item' }));
    expect(await within(form).findByText('Give the item a title')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Enter an address starting with https://')).toBeInTheDocument();
    expect(within(form).getByLabelText('Description')).toHaveValue('Kept text');
  });

  it('shows the error of every input in a number or link row, and removes a row', async () => {
    answers([]);
    const { user } = renderApp({ route: '/settings/portfolio', ...signedIn });
    await user.click(await screen.findByRole('button', { name: 'Add your first item' }));
    const form = screen.getByRole('form', { name: 'New portfolio item' });
    await user.click(within(form).getByRole('button', { name: 'Add a number' }));
    await user.click(within(form).getByLabelText('Unit of number 1'));
    await user.paste('u'.repeat(25));
    await user.click(within(form).getByRole('button', { name: 'Add a link' }));
    await user.click(within(form).getByLabelText('Label of link 1'));
    await user.paste('l'.repeat(121));
    await user.click(within(form).getByRole('button', { name: 'Create item' }));

    expect(await within(form).findByText('At most 24 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Unit of number 1')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('At most 120 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Label of link 1')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(form).getByRole('button', { name: 'Remove number 1' }));
    expect(within(form).queryByLabelText('Unit of number 1')).toBeNull();
    expect(within(form).getByLabelText('Label of link 1')).toBeInTheDocument();
  });

  it('shows no error on a field left empty until the form is submitted, then updates as you type', async () => {
    answers([]);
    const { user } = renderApp({ route: '/settings/portfolio', ...signedIn });
    await user.click(await screen.findByRole('button', { name: 'Add your first item' }));
    const form = screen.getByRole('form', { name: 'New portfolio item' });
    await user.click(within(form).getByRole('button', { name: 'Add a link' }));
    await user.click(within(form).getByLabelText('Address of link 1'));
    await user.click(within(form).getByLabelText('Title'));
    await user.click(within(form).getByLabelText('Description'));
    expect(within(form).queryByText('Enter an address starting with https://')).toBeNull();
    expect(within(form).queryByText('Give the item a title')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Create item' }));
    expect(await within(form).findByText('Give the item a title')).toBeInTheDocument();
    expect(within(form).getByText('Enter an address starting with https://')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Title'), 'Checkout');
    await waitFor(() => expect(within(form).queryByText('Give the item a title')).toBeNull());
    expect(within(form).getByText('Enter an address starting with https://')).toBeInTheDocument();
  });

  it('creates an item and shows the server’s field errors next to the field', async () => {
    answers([]);
    const bodies: unknown[] = [];
    server.use(
      http.post(`${TEST_API}/api/portfolio/items`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.title === 'Taken') {
          return HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Check your input',
                details: [{ path: 'body.title', message: 'Server says no' }],
              },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(item({ title: String(body.title) }), { status: 201 });
      }),
    );
    const { user } = renderApp({ route: '/settings/portfolio', ...signedIn });
    await user.click(await screen.findByRole('button', { name: 'Add your first item' }));
    const form = screen.getByRole('form', { name: 'New portfolio item' });
    await user.type(within(form).getByLabelText('Title'), 'Taken');
    await user.type(within(form).getByLabelText(/Skills/), 'React, Go ,, react');
    await user.click(within(form).getByRole('button', { name: 'Create item' }));
    expect(await within(form).findByText('Server says no')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      title: 'Taken',
      skills: ['React', 'Go', 'react'],
      role: null,
      date: null,
    });

    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Fresh case study');
    await user.click(within(form).getByRole('button', { name: 'Create item' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
  });

  it('deletes with an Undo that restores the item', async () => {
    const target = item({ title: 'Old project' });
    answers([target]);
    const calls: string[] = [];
    server.use(
      http.delete(`${TEST_API}/api/portfolio/items/:id`, ({ params }) => {
        calls.push(`delete ${String(params.id)}`);
        return HttpResponse.json({ ...target, deletedAt: '2026-11-22T00:00:00.000Z' });
      }),
      http.post(`${TEST_API}/api/portfolio/items/:id/restore`, ({ params }) => {
        calls.push(`restore ${String(params.id)}`);
        return HttpResponse.json(target);
      }),
    );
    const { user } = renderApp({ route: '/settings/portfolio', ...signedIn });
    await user.click(await screen.findByRole('button', { name: 'Delete Old project' }));
    expect(await screen.findByText('Deleted “Old project”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls).toEqual([`delete ${target.id}`, `restore ${target.id}`]));
  });

  it('reorders with keyboard-reachable buttons', async () => {
    const a = item({ title: 'Alpha' });
    const b = item({ title: 'Beta' });
    const c = item({ title: 'Gamma' });
    answers([a, b, c]);
    const moves: unknown[] = [];
    server.use(
      http.post(`${TEST_API}/api/portfolio/items/:id/move`, async ({ params, request }) => {
        moves.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json(a);
      }),
    );
    const { user } = renderApp({ route: '/settings/portfolio', ...signedIn });
    expect(await screen.findByRole('button', { name: 'Move Alpha up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Alpha down' }));
    await user.click(screen.getByRole('button', { name: 'Move Gamma up' }));
    await waitFor(() => expect(moves).toHaveLength(2));
    expect(moves[0]).toEqual({ id: a.id, afterId: b.id });
    expect(moves[1]).toMatchObject({ id: c.id });
  });
});

describe('files', () => {
  it('says how large a file may be before one is chosen', async () => {
    answers([item({ title: 'Old project' })]);
    server.use(
      http.get(`${TEST_API}/api/portfolio/upload-limits`, () =>
        HttpResponse.json({ maxBytes: 5 * 1024 * 1024, maxFilesPerItem: 20 }),
      ),
    );
    const { user } = renderApp({ route: '/settings/portfolio', ...signedIn });
    await user.click(await screen.findByRole('button', { name: 'Edit Old project' }));
    expect(
      await screen.findByText(/Up to 5\.0 MB per file, 20 files per item\./),
    ).toBeInTheDocument();
  });

  it('prechecks sizes against the server’s limit before sending', () => {
    const big = new File([new Uint8Array(3_000)], 'big.png', { type: 'image/png' });
    expect(precheckFile(big, 2_048)).toBe('"big.png" is 2.9 KB; the limit is 2.0 KB.');
    expect(precheckFile(big, 4_096)).toBeNull();
  });

  it('prechecks names before sending', () => {
    expect(precheckFile(new File([], 'a.png'))).toMatch(/empty/);
    expect(precheckFile(new File(['x'], 'a.svg'))).toMatch(/not an accepted type/);
    expect(precheckFile(new File(['x'], 'A.JPEG'))).toBeNull();
  });

  it('uploads one file with the bearer token and reports the server’s refusal', async () => {
    const itemId = crypto.randomUUID();
    let auth: string | null = null;
    server.use(
      http.post(`${TEST_API}/api/portfolio/items/:id/files`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json(
          {
            error: {
              code: 'unsupported_media_type',
              message: '"a.png" is named .png but its content is JPEG.',
            },
          },
          { status: 415 },
        );
      }),
    );
    await expect(
      uploadPortfolioFile({
        apiBaseUrl: TEST_API,
        token: 'tok',
        itemId,
        file: new File(['x'], 'a.png'),
      }),
    ).rejects.toThrow('"a.png" is named .png but its content is JPEG.');
    expect(auth).toBe('Bearer tok');
  });

  it('turns form values into the API body', () => {
    expect(
      toBody({
        title: 'T',
        description: ' d ',
        role: '',
        skills: 'a, b\nc',
        industry: 'Retail',
        results: '',
        date: '',
        links: [{ label: '', url: 'https://x.test' }],
        metrics: [{ label: 'Speed', value: '2.5', unit: 'x' }],
      }),
    ).toEqual({
      title: 'T',
      description: 'd',
      role: null,
      skills: ['a', 'b', 'c'],
      industry: 'Retail',
      results: '',
      date: null,
      links: [{ label: null, url: 'https://x.test' }],
      resultMetrics: [{ label: 'Speed', value: 2.5, unit: 'x' }],
    });
  });
});
