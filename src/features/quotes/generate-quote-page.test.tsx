import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { emptyProfile } from '@/contract/profile';
import type { QuoteGenerationEvent, RfpText } from '@/contract/quotes-api';
import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';

import GenerateQuotePage from './generate-quote-page';

const QUOTE_ID = '33333333-3333-4333-8333-333333333333';
const JOB_ID = '44444444-4444-4444-8444-444444444444';
const TEMPLATE_ID = '55555555-5555-4555-8555-555555555555';
const RFP =
  'We need a booking platform: customer accounts, online payments with Stripe, an admin dashboard and email reminders.';

function sse(events: QuoteGenerationEvent[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events)
        controller.enqueue(
          encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`),
        );
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}

function common() {
  server.use(
    http.get(`${TEST_API}/api/profile`, () =>
      HttpResponse.json({ ...emptyProfile(), currency: 'EUR', hourlyRateMinor: 9000 }),
    ),
    http.get(`${TEST_API}/api/jobs`, () =>
      HttpResponse.json({ items: [{ id: JOB_ID, title: 'Booking platform' }], nextCursor: null }),
    ),
    http.get(`${TEST_API}/api/jobs/:id`, () =>
      HttpResponse.json({ id: JOB_ID, title: 'Booking platform' }),
    ),
    http.get(`${TEST_API}/api/quote-templates`, () =>
      HttpResponse.json({ items: [{ id: TEMPLATE_ID, name: 'Fixed-price web', isDefault: true }] }),
    ),
  );
}

const render = (route = '/generate-quotes') =>
  renderWithProviders(<GenerateQuotePage />, { route, token: 'test-token' });

describe('/generate-quotes', () => {
  it('streams the agent steps, sends the pricing, and opens the saved quote', async () => {
    common();
    let body: unknown;
    server.use(
      http.post(`${TEST_API}/api/quotes/generate`, async ({ request }) => {
        body = await request.json();
        return sse([
          { type: 'step', data: { step: 'reading', state: 'started', detail: '' } },
          { type: 'step', data: { step: 'reading', state: 'done', detail: '1 page of text' } },
          { type: 'step', data: { step: 'requirements', state: 'done', detail: '4 requirements' } },
          { type: 'step', data: { step: 'portfolio', state: 'started', detail: '' } },
          {
            type: 'quote',
            data: { quoteId: QUOTE_ID, offline: true, missingRequirementIds: [] },
          },
          { type: 'end', data: { stopped: false } },
        ]);
      }),
    );
    const { user } = render(`/generate-quotes?jobId=${JOB_ID}`);

    // Currency and rate come from the profile; the job from the address.
    expect(await screen.findByLabelText('Currency')).toHaveValue('EUR');
    expect(screen.getByLabelText('Hourly rate (EUR)')).toHaveValue('90');
    await waitFor(() => expect(screen.getByLabelText('Job (optional)')).toHaveValue(JOB_ID));
    const template = screen.getByLabelText('Quote template');
    expect(within(template).getAllByRole('option')[0]).toHaveTextContent(
      'Let the agent choose (your default template)',
    );

    await user.click(screen.getByLabelText('RFP text'));
    await user.paste(RFP);
    await user.clear(screen.getByLabelText('Hourly rate (EUR)'));
    await user.type(screen.getByLabelText('Hourly rate (EUR)'), '92.50');
    await user.click(screen.getByRole('button', { name: 'Generate quote' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/edit-quote?id=${QUOTE_ID}`),
    );
    expect(body).toEqual({ rfpText: RFP, jobId: JOB_ID, currency: 'EUR', rateMinor: 9250 });
  });

  it('shows each step with its detail while the agent works, and stops on request', async () => {
    common();
    server.use(
      http.post(`${TEST_API}/api/quotes/generate`, () => {
        const encoder = new TextEncoder();
        const step = { step: 'requirements', state: 'done', detail: '7 requirements' };
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(`event: step\ndata: ${JSON.stringify(step)}\n\n`));
            // The stream stays open until the user stops it.
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const { user } = render();
    await user.click(await screen.findByLabelText('RFP text'));
    await user.paste(RFP);
    await user.clear(screen.getByLabelText('Hourly rate (EUR)'));
    await user.click(screen.getByRole('button', { name: 'Generate quote' }));

    const steps = await screen.findByRole('region', { name: 'What the agent is doing' });
    expect(await within(steps).findByText('7 requirements')).toBeInTheDocument();
    expect(within(steps).getByText('Finding requirements').closest('li')).toHaveAttribute(
      'data-state',
      'done',
    );
    expect(within(steps).getByText('Estimating').closest('li')).toHaveAttribute(
      'data-state',
      'waiting',
    );
    expect(steps.querySelector('[aria-live="polite"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText(/Stopped\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate quote' })).toBeEnabled();
  });

  it('shows the error of a refused run with a Retry that runs again', async () => {
    common();
    let calls = 0;
    server.use(
      http.post(`${TEST_API}/api/quotes/generate`, () => {
        calls += 1;
        if (calls === 1)
          return HttpResponse.json(
            { error: { code: 'rate_limited', message: 'Too many quotes at once. Wait a minute.' } },
            { status: 429 },
          );
        return sse([
          {
            type: 'error',
            data: { code: 'model', message: 'The model did not answer.', retryable: true },
          },
          { type: 'end', data: { stopped: false } },
        ]);
      }),
    );
    const { user } = render();
    await user.click(await screen.findByLabelText('RFP text'));
    await user.paste(RFP);
    await user.click(screen.getByRole('button', { name: 'Generate quote' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many quotes at once. Wait a minute.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The model did not answer.')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('asks for the RFP before running and names a rate it cannot read', async () => {
    common();
    const { user } = render();
    await user.type(await screen.findByLabelText('RFP text'), 'Too short');
    await user.clear(screen.getByLabelText('Hourly rate (EUR)'));
    await user.type(screen.getByLabelText('Hourly rate (EUR)'), 'ninety');
    await user.click(screen.getByRole('button', { name: 'Generate quote' }));
    expect(
      await screen.findByText(/Paste the RFP \(at least a few sentences\)/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Enter the rate as a number/)).toBeInTheDocument();
    expect(screen.getByLabelText('RFP text')).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts the text of an uploaded RFP in the box for review', async () => {
    common();
    let received: string | undefined;
    server.use(
      http.post(`${TEST_API}/api/quotes/rfp-text`, async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file');
        // The file's bytes arrive as the multipart field `file`.
        received = typeof file === 'object' && file !== null ? await file.text() : undefined;
        return HttpResponse.json({
          text: RFP,
          fileName: 'booking-rfp.pdf',
          kind: 'pdf',
          pages: 3,
          characters: RFP.length,
        } satisfies RfpText);
      }),
    );
    const { user } = render();
    const file = new File(['%PDF-1.7 …'], 'booking-rfp.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText('RFP file'), file);
    expect(await screen.findByText(/booking-rfp\.pdf · 3 pages/)).toBeInTheDocument();
    expect(screen.getByLabelText('RFP text')).toHaveValue(RFP);
    expect(received).toBe('%PDF-1.7 …');
  });

  it('shows the server message for a scanned PDF as written', async () => {
    common();
    const message =
      'This PDF has no text layer (it looks scanned). Paste the text or upload a text-based PDF.';
    server.use(
      http.post(`${TEST_API}/api/quotes/rfp-text`, () =>
        HttpResponse.json({ error: { code: 'rfp_no_text', message } }, { status: 422 }),
      ),
    );
    const { user } = render();
    const file = new File(['%PDF-1.7 scanned'], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText('RFP file'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('RFP text')).toHaveValue('');
  });
});
