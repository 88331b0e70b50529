import type { PublicQuote } from '@/contract/quote-share';

import { createAnswerForms, renderOutcome } from './answer-forms';
import { el, replaceContent } from './dom';
import { createPricing } from './pricing-table';
import { renderClosing, renderHeader, renderIntro } from './render-quote';
import { createShareApi, ShareApiError, type ShareApi } from './share-api';
import { trackView } from './view-tracking';

/** The public quote page: loads the quote behind the link and lets the client answer it. */

export const NOT_FOUND_TEXT =
  'This quote link is not valid. It may have been revoked or expired. Ask the sender for a new link.';

/** The token is the path segment after /q/. */
export function tokenFromPath(pathname: string): string {
  const rest = pathname.startsWith('/q/') ? pathname.slice(3) : '';
  const slash = rest.indexOf('/');
  return decodeURIComponent(slash === -1 ? rest : rest.slice(0, slash));
}

function renderQuote(root: HTMLElement, api: ShareApi, quote: PublicQuote): void {
  document.title = `${quote.title} · Quote`;
  const show = (next: PublicQuote) => {
    renderQuote(root, api, next);
    root.querySelector<HTMLElement>('#outcome-title')?.focus();
  };
  let forms: ReturnType<typeof createAnswerForms> | null = null;
  const pricing = createPricing(quote, {
    editable: quote.canRespond,
    onSelect: (ids) => void api.select(ids).catch(() => undefined),
    onTotal: () => forms?.updateTotal(pricing.totalText()),
  });
  if (quote.canRespond) {
    forms = createAnswerForms(pricing.totalText(), {
      accept: async (name) => show(await api.accept(name, pricing.selectedLineIds())),
      decline: async (reason) => show(await api.decline(reason)),
    });
  }
  replaceContent(
    root,
    el(
      'article',
      { class: 'quote' },
      renderHeader(quote),
      renderOutcome(quote),
      ...renderIntro(quote),
      pricing.pricingSection,
      pricing.milestonesSection,
      ...renderClosing(quote),
      forms?.element,
    ),
  );
}

function renderMessage(root: HTMLElement, title: string, text: string, retry?: () => void): void {
  replaceContent(
    root,
    el(
      'section',
      { class: 'message', role: 'alert' },
      el('h1', {}, title),
      el('p', {}, text),
      retry ? retryButton(retry) : null,
    ),
  );
}

function retryButton(retry: () => void): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'primary' }, 'Retry');
  button.addEventListener('click', retry);
  return button;
}

export async function startSharePage(
  root: HTMLElement,
  pathname: string,
  apiBase: string,
): Promise<void> {
  const token = tokenFromPath(pathname);
  const api = createShareApi(apiBase, token);
  let tracked = false;
  const load = async () => {
    root.setAttribute('aria-busy', 'true');
    replaceContent(root, el('p', { class: 'loading' }, 'Loading the quote…'));
    try {
      const quote = await api.load();
      renderQuote(root, api, quote);
      if (!tracked) {
        tracked = true;
        trackView(api);
      }
    } catch (error) {
      if (error instanceof ShareApiError && error.status === 404) {
        renderMessage(root, 'Link not valid', NOT_FOUND_TEXT);
      } else if (error instanceof ShareApiError && error.status === 429) {
        renderMessage(
          root,
          'Too many requests',
          'Wait a minute, then try again.',
          () => void load(),
        );
      } else {
        renderMessage(
          root,
          'Could not load the quote',
          'Check your connection and try again.',
          () => void load(),
        );
      }
    } finally {
      root.removeAttribute('aria-busy');
    }
  };
  await load();
}
