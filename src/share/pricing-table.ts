import { formatQuoteMoney } from '@/contract/quote-totals';
import type { PublicLineItem, PublicQuote } from '@/contract/quote-share';

import { el, replaceContent } from './dom';
import { milestoneAmountsFor, totalsFor } from './pricing';
import { renderMilestones, section } from './render-quote';

/**
 * The pricing table: required lines, optional lines with a checkbox each, and totals that follow
 * the ticks at once. Milestone amounts follow them too. Ticks are sent to the server after a pause.
 */

export type Pricing = {
  pricingSection: HTMLElement;
  milestonesSection: HTMLElement | null;
  selectedLineIds: () => string[];
  /** The total for the current ticks, as the accept button states it. */
  totalText: () => string;
};

const SEND_DELAY_MS = 600;

function quantityText(line: PublicLineItem, rate: string): string {
  const unit =
    line.unit === 'hours'
      ? line.quantity === 1
        ? 'hour'
        : 'hours'
      : line.quantity === 1
        ? 'unit'
        : 'units';
  return `${line.quantity} ${unit} × ${rate}`;
}

export function createPricing(
  quote: PublicQuote,
  options: { editable: boolean; onSelect: (ids: string[]) => void; onTotal: () => void },
): Pricing {
  const selected = new Set(
    quote.lineItems.filter((l) => l.optional && l.selected).map((l) => l.id),
  );
  const money = (minor: number) => formatQuoteMoney(minor, quote.currency);
  const totalsBody = el('tbody', { class: 'totals' });
  const amountCells = new Map<string, HTMLTableCellElement>();
  const milestoneHolder = el('div');
  let timer: ReturnType<typeof setTimeout> | undefined;

  const refresh = () => {
    const totals = totalsFor(quote, selected);
    for (const line of totals.lines) {
      amountCells.get(line.id)?.classList.toggle('excluded', !line.included);
    }
    replaceContent(
      totalsBody,
      totalRow('Subtotal', money(totals.subtotalMinor)),
      totals.discountMinor > 0 ? totalRow('Discount', `−${money(totals.discountMinor)}`) : null,
      quote.taxBasisPoints > 0
        ? totalRow(`Tax (${quote.taxBasisPoints / 100} %)`, money(totals.taxMinor))
        : null,
      totalRow('Total', money(totals.totalMinor), true),
    );
    replaceContent(milestoneHolder, renderMilestones(quote, milestoneAmountsFor(quote, selected)));
    options.onTotal();
  };

  const lineRow = (line: PublicLineItem) => {
    const amount = el('td', { class: 'amount' }, money(line.amountMinor));
    amountCells.set(line.id, amount);
    const labelId = `line-${line.id}`;
    const label = el('span', { class: 'label', id: labelId }, line.label);
    let head: HTMLElement = label;
    if (line.optional) {
      const box = el('input', {
        type: 'checkbox',
        'aria-labelledby': labelId,
        checked: selected.has(line.id),
        disabled: !options.editable,
      });
      box.addEventListener('change', () => {
        if (box.checked) selected.add(line.id);
        else selected.delete(line.id);
        refresh();
        clearTimeout(timer);
        timer = setTimeout(() => options.onSelect([...selected]), SEND_DELAY_MS);
      });
      head = el('label', { class: 'option' }, box, label, el('span', { class: 'tag' }, 'Optional'));
    }
    return el(
      'tr',
      {},
      el(
        'td',
        {},
        head,
        line.description ? el('p', { class: 'muted' }, line.description) : null,
        el('p', { class: 'muted' }, quantityText(line, money(line.rateMinor))),
      ),
      amount,
    );
  };

  const table = el(
    'table',
    { class: 'pricing' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, 'Item'),
        el('th', { scope: 'col', class: 'amount' }, 'Amount'),
      ),
    ),
    el('tbody', {}, ...quote.lineItems.map(lineRow)),
    totalsBody,
  );
  const hasOptional = quote.lineItems.some((line) => line.optional);
  const pricingSection = section(
    'Pricing',
    hasOptional && options.editable
      ? el(
          'p',
          { class: 'muted' },
          'Tick the optional items you want; the total updates as you go.',
        )
      : null,
    table,
  )!;
  const milestonesSection = quote.milestones.length ? section('Milestones', milestoneHolder) : null;
  refresh();
  return {
    pricingSection,
    milestonesSection,
    selectedLineIds: () => [...selected],
    totalText: () => money(totalsFor(quote, selected).totalMinor),
  };
}

function totalRow(label: string, value: string, strong = false): HTMLTableRowElement {
  return el(
    'tr',
    { class: strong ? 'grand' : undefined },
    el('th', { scope: 'row' }, label),
    el('td', { class: 'amount' }, value),
  );
}
