import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Response as SavedResponse } from '@/contract/responses';
import { backendUserJson, identityUser, TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderApp } from '@/testing/render';

const signedIn = { session: { identity: identityUser() } };
/** Whole-app renders on a shared 2-core machine, plus the autosave's pause. */
const SLOW = 25_000;
const ID = '11111111-1111-4111-8111-111111111111';
const SAVED_TEXT = 'Hello, I can build this. What is your deadline?';

function stored(overrides: Partial<SavedResponse> = {}): SavedResponse {
  return {
    id: ID,
    jobId: null,
    job: {
      title: 'React dashboard',
      description: 'Build a dashboard.',
      url: null,
      skills: ['React'],
      screeningQuestions: [],
      clientName: null,
      budget: null,
    },
    templateId: null,
    templateName: null,
    generationId: null,
    variant: 'A',
    status: 'draft',
    statusChangedAt: '2026-11-20T10:00:00.000Z',
    generation: 'complete',
    generationError: null,
    text: SAVED_TEXT,
    tone: 'professional',
    length: 'medium',
    bidMinor: null,
    currency: 'USD',
    connects: null,
    fitScoreAtSend: null,
    offline: true,
    model: 'offline-engine',
    promptVersion: 'offline@1',
    promptTokens: 0,
    completionTokens: 0,
    costMicros: 0,
    latencyMs: 12,
    checks: [
      {
        id: 'length',
        label: 'Within 5,000 characters',
        passed: true,
        fixed: false,
        detail: '47 characters.',
      },
    ],
    citations: [],
    sentAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The editor's API: the response, its history, and PATCHes recorded in `patches`. */
function editorApi(patches: unknown[], overrides: Partial<SavedResponse> = {}) {
  server.use(
    http.get(`${TEST_API}/api/users`, () => HttpResponse.json([backendUserJson()])),
    http.get(`${TEST_API}/api/responses`, () =>
      HttpResponse.json({ items: [stored(overrides)], nextCursor: null, total: 1 }),
    ),
    http.get(`${TEST_API}/api/responses/${ID}`, () => HttpResponse.json(stored(overrides))),
    http.get(`${TEST_API}/api/responses/${ID}/history`, () =>
      HttpResponse.json({ versions: [], statusEvents: [] }),
    ),
    http.patch(`${TEST_API}/api/responses/${ID}`, async ({ request }) => {
      const body = (await request.json()) as { text: string };
      patches.push(body);
      return HttpResponse.json(stored({ ...overrides, text: body.text }));
    }),
  );
}

const checks = () => screen.getByRole('list', { name: 'Self-check' });

describe('/edit-response live checks and autosave', () => {
  it(
    'fails the length check as the text grows past the limit, disables Sent, and autosaves',
    async () => {
      const patches: unknown[] = [];
      editorApi(patches);
      const { user } = renderApp({ route: `/edit-response?id=${ID}`, ...signedIn });
      const editor = await screen.findByLabelText('Response text');
      await user.clear(editor);
      await user.click(editor);
      await user.paste('x'.repeat(10_000));

      await waitFor(() =>
        expect(within(checks()).getByText(/10,000 characters: 5,000 over/)).toBeInTheDocument(),
      );
      expect(within(checks()).getByText(/Within 5,000 characters/).parentElement).toHaveTextContent(
        '(failed)',
      );
      const sent = screen.getByRole('option', { name: 'Sent' });
      expect(sent).toBeDisabled();
      expect(screen.getByText(/Cannot be marked sent yet/)).toBeInTheDocument();

      await waitFor(() => expect(patches).toEqual([{ text: 'x'.repeat(10_000), source: 'edit' }]), {
        timeout: 5_000,
      });
      expect(await screen.findByText('Saved')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'never saves an empty draft and says so; the empty check fails',
    async () => {
      const patches: unknown[] = [];
      editorApi(patches);
      const { user } = renderApp({ route: `/edit-response?id=${ID}`, ...signedIn });
      const editor = await screen.findByLabelText('Response text');
      await user.clear(editor);
      expect(await screen.findByText('Not saved: the response is empty.')).toBeInTheDocument();
      await waitFor(() =>
        expect(within(checks()).getByText(/The draft is empty/)).toBeInTheDocument(),
      );
      expect(screen.getByRole('option', { name: 'Sent' })).toBeDisabled();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(patches).toEqual([]);
    },
    SLOW,
  );

  it(
    'highlights an [Add: …] part, refuses Sent until the user writes it, then allows it',
    async () => {
      const marker = '[Add: your answer about your favourite dessert]';
      editorApi([], { text: `Orange. I have built three dashboards.\n${marker}\nBest, Sam` });
      const { user } = renderApp({ route: `/edit-response?id=${ID}`, ...signedIn });
      const editor = await screen.findByLabelText<HTMLTextAreaElement>('Response text');
      const parts = await screen.findByRole('group', { name: 'Write this part yourself' });
      await waitFor(() =>
        expect(
          within(checks()).getByText(/Nothing left for you to add/).parentElement,
        ).toHaveTextContent('(failed)'),
      );
      expect(screen.getByRole('option', { name: 'Sent' })).toBeDisabled();

      await user.click(within(parts).getByRole('button', { name: `Select ${marker} in the text` }));
      expect(editor.value.slice(editor.selectionStart, editor.selectionEnd)).toBe(marker);
      await user.keyboard('Lemon tart, every time.');
      expect(editor).toHaveValue(
        'Orange. I have built three dashboards.\nLemon tart, every time.\nBest, Sam',
      );
      expect(screen.queryByRole('group', { name: /yourself/ })).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('option', { name: 'Sent' })).toBeEnabled());
      expect(
        within(checks()).getByText(/Nothing left for you to add/).parentElement,
      ).toHaveTextContent('(passed)');
    },
    SLOW,
  );

  it(
    'asks before leaving with unsaved edits, and leaves only when told to',
    async () => {
      editorApi([]);
      const { user } = renderApp({ route: `/edit-response?id=${ID}`, ...signedIn });
      const editor = await screen.findByLabelText('Response text');
      await user.clear(editor);
      // Empty text is never autosaved, so the edit stays unsaved however long the test takes.
      await user.click(screen.getAllByRole('link', { name: 'Responses' })[0]!);
      const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
      await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/edit-response');
      expect(screen.getByLabelText('Response text')).toHaveValue('');

      await user.click(screen.getAllByRole('link', { name: 'Responses' })[0]!);
      const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
      await user.click(within(again).getByRole('button', { name: 'Leave without saving' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/responses'));
    },
    SLOW,
  );
});
