import { formatQuoteMoney } from '@/contract/quote-totals';
import type { PublicQuote } from '@/contract/quote-share';

import { el } from './dom';
import { formatInstant } from './money';
import { ShareApiError } from './share-api';

/** Accepting with a typed name, declining with a reason, and what the page shows afterwards. */

type Submit = () => Promise<void>;

export type AnswerForms = { element: HTMLElement; updateTotal: (total: string) => void };

function errorText(error: unknown): string {
  if (error instanceof ShareApiError) return error.message;
  return 'Your answer could not be sent. Check your connection and try again.';
}

/** Wires a form: disables its button while sending and shows the error next to it. */
function handleSubmit(form: HTMLFormElement, status: HTMLElement, submit: Submit): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    if (button?.disabled) return;
    if (button) button.disabled = true;
    status.textContent = '';
    submit()
      .catch((error: unknown) => {
        status.textContent = errorText(error);
      })
      .finally(() => {
        if (button) button.disabled = false;
      });
  });
}

export function createAnswerForms(
  total: string,
  actions: { accept: (name: string) => Promise<void>; decline: (reason: string) => Promise<void> },
): AnswerForms {
  const name = el('input', {
    id: 'accept-name',
    name: 'name',
    autocomplete: 'name',
    required: true,
    minlength: '2',
    maxlength: '120',
  });
  const consent = el('p', { id: 'accept-consent' });
  name.setAttribute('aria-describedby', 'accept-consent');
  const acceptStatus = el('p', { class: 'error', role: 'alert' });
  const acceptForm = el(
    'form',
    { class: 'answer', 'aria-labelledby': 'accept-title' },
    el('h2', { id: 'accept-title' }, 'Accept this quote'),
    el('label', { for: 'accept-name' }, 'Your full name'),
    name,
    consent,
    el('button', { type: 'submit', class: 'primary' }, 'Accept quote'),
    acceptStatus,
  );
  handleSubmit(acceptForm, acceptStatus, () => actions.accept(name.value.trim()));

  const reason = el('textarea', {
    id: 'decline-reason',
    name: 'reason',
    required: true,
    maxlength: '2000',
    rows: '3',
  });
  const declineStatus = el('p', { class: 'error', role: 'alert' });
  const declineForm = el(
    'form',
    { class: 'answer' },
    el('label', { for: 'decline-reason' }, 'Why are you declining?'),
    reason,
    el('button', { type: 'submit', class: 'secondary' }, 'Decline quote'),
    declineStatus,
  );
  handleSubmit(declineForm, declineStatus, () => actions.decline(reason.value.trim()));

  const updateTotal = (value: string) => {
    consent.textContent = `By typing your name you accept this quote for ${value}.`;
  };
  updateTotal(total);
  const element = el(
    'div',
    { class: 'answers' },
    acceptForm,
    el('details', { class: 'decline' }, el('summary', {}, 'Decline this quote'), declineForm),
  );
  return { element, updateTotal };
}

/** After the client answered (or when the quote can no longer be answered). */
export function renderOutcome(quote: PublicQuote): HTMLElement | null {
  if (quote.acceptance) {
    const { name, acceptedAt, totalMinor } = quote.acceptance;
    return el(
      'section',
      { class: 'outcome accepted', role: 'status', 'aria-labelledby': 'outcome-title' },
      el('h2', { id: 'outcome-title', tabindex: '-1' }, 'Quote accepted'),
      el(
        'p',
        {},
        `Accepted by ${name} on ${formatInstant(acceptedAt)} for ${formatQuoteMoney(totalMinor, quote.currency)}.`,
      ),
      el(
        'p',
        { class: 'muted' },
        'The sender has been notified. You can print this page for your records.',
      ),
    );
  }
  if (quote.decline) {
    return el(
      'section',
      { class: 'outcome declined', role: 'status', 'aria-labelledby': 'outcome-title' },
      el('h2', { id: 'outcome-title', tabindex: '-1' }, 'Quote declined'),
      el('p', {}, `Declined on ${formatInstant(quote.decline.declinedAt)}.`),
      el('p', { class: 'muted' }, `Reason: ${quote.decline.reason}`),
    );
  }
  if (quote.status === 'expired') {
    return el(
      'section',
      { class: 'outcome', role: 'status' },
      el('h2', {}, 'This quote has expired'),
      el('p', {}, 'Ask the sender for an updated quote.'),
    );
  }
  return null;
}
