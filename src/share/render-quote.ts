import { formatQuoteMoney } from '@/contract/quote-totals';
import type { PublicQuote } from '@/contract/quote-share';

import { el, trustedHtml } from './dom';
import { formatDay } from './money';

/** The read-only parts of the quote: header, written sections, scope, deliverables, risks. */

const STATUS_LABELS: Record<PublicQuote['status'], string> = {
  draft: 'Draft',
  sent: 'Awaiting your answer',
  viewed: 'Awaiting your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

export function renderHeader(quote: PublicQuote): HTMLElement {
  const from = [quote.freelancer.name, quote.freelancer.title].filter(Boolean).join(' · ');
  return el(
    'header',
    { class: 'quote-header' },
    el('p', { class: 'eyebrow' }, 'Quote'),
    el('h1', {}, quote.title),
    el(
      'dl',
      { class: 'facts' },
      from ? fact('From', from) : null,
      quote.clientName ? fact('For', quote.clientName) : null,
      fact('Valid until', formatDay(quote.validUntil)),
      fact('Status', STATUS_LABELS[quote.status]),
    ),
  );
}

function fact(term: string, value: string): HTMLDivElement {
  return el('div', {}, el('dt', {}, term), el('dd', {}, value));
}

export function section(title: string, ...content: Array<Node | null>): HTMLElement | null {
  const body = content.filter((node): node is Node => node !== null);
  if (body.length === 0) return null;
  const id = `section-${title.toLowerCase().split(' ').join('-')}`;
  return el('section', { 'aria-labelledby': id }, el('h2', { id }, title), ...body);
}

const html = (value: string) => (value.trim() === '' ? null : trustedHtml('prose', value));

function list(items: string[], className = 'bullets'): HTMLUListElement | null {
  if (items.length === 0) return null;
  return el('ul', { class: className }, ...items.map((item) => el('li', {}, item)));
}

export function renderIntro(quote: PublicQuote): Array<HTMLElement | null> {
  return [
    section('Summary', html(quote.sections.summary)),
    section('Our understanding', html(quote.sections.understanding)),
    section(
      'Scope',
      quote.scope.in.length ? el('h3', {}, 'Included') : null,
      list(quote.scope.in),
      quote.scope.out.length ? el('h3', {}, 'Not included') : null,
      list(quote.scope.out),
    ),
    section(
      'Deliverables',
      quote.deliverables.length === 0
        ? null
        : el(
            'ul',
            { class: 'cards' },
            ...quote.deliverables.map((d) =>
              el(
                'li',
                {},
                el('strong', {}, d.title),
                d.description ? el('p', {}, d.description) : null,
              ),
            ),
          ),
    ),
  ];
}

export function renderMilestones(quote: PublicQuote, amounts: number[]): HTMLOListElement | null {
  if (quote.milestones.length === 0) return null;
  return el(
    'ol',
    { class: 'milestones' },
    ...quote.milestones.map((milestone, index) =>
      el(
        'li',
        {},
        el(
          'div',
          { class: 'row' },
          el('strong', {}, milestone.name),
          el('span', { class: 'amount' }, formatQuoteMoney(amounts[index] ?? 0, quote.currency)),
        ),
        el(
          'p',
          { class: 'muted' },
          milestone.dueDate
            ? `Due ${formatDay(milestone.dueDate)}`
            : `${milestone.durationDays} day${milestone.durationDays === 1 ? '' : 's'}`,
          milestone.deliverables.length ? ` · ${milestone.deliverables.join(', ')}` : '',
        ),
      ),
    ),
  );
}

export function renderClosing(quote: PublicQuote): Array<HTMLElement | null> {
  return [
    section('Timeline', html(quote.sections.timeline)),
    section('Assumptions', list(quote.assumptions)),
    section(
      'Risks',
      quote.risks.length === 0
        ? null
        : el(
            'ul',
            { class: 'bullets' },
            ...quote.risks.map((r) =>
              el(
                'li',
                {},
                r.risk,
                r.mitigation ? el('span', { class: 'muted' }, ` — ${r.mitigation}`) : null,
              ),
            ),
          ),
    ),
    section('Terms', html(quote.sections.terms)),
  ];
}
