import { currencyMinorDigits } from '#contract/quote-totals';

import type {
  ContractNode,
  RoomNode,
  StoryNode,
  TransactionRowNode,
  VendorProposalNode,
} from './crm-answers.ts';
import type {
  UpworkContract,
  UpworkRoom,
  UpworkStory,
  UpworkTransactionRow,
  UpworkVendorProposal,
} from './crm-types.ts';
import type { Money } from './graphql-answers.ts';

/**
 * Upwork's CRM shapes -> ours. Money arrives as decimal strings and becomes integer minor units
 * with the currency's own number of decimals; times arrive as ISO strings or epoch milliseconds
 * and become Dates; a transaction's contract is read from its description.
 */

const DEFAULT_CURRENCY = 'USD';

function isDigits(value: string): boolean {
  if (value.length === 0) return false;
  for (const char of value) if (char < '0' || char > '9') return false;
  return true;
}

/** An Upwork time (ISO 8601, or epoch milliseconds as digits) as a Date; null when unreadable. */
export function upworkTime(value: string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const date = isDigits(trimmed) ? new Date(Number(trimmed)) : new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An Upwork date or time as yyyy-mm-dd (UTC); a plain yyyy-mm-dd is kept as written. */
export function upworkDay(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed.length === 10 && trimmed[4] === '-' && trimmed[7] === '-') {
    if (!isDigits(trimmed.slice(0, 4) + trimmed.slice(5, 7) + trimmed.slice(8, 10))) return null;
    // A calendar day only: 2024-02-30 would roll over into March.
    const day = new Date(`${trimmed}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === trimmed
      ? trimmed
      : null;
  }
  return upworkTime(trimmed)?.toISOString().slice(0, 10) ?? null;
}

/**
 * A decimal string ("1500", "-15.5", "1,200.00") as integer minor units with `digits`
 * decimals, rounded half away from zero; null when it is not a plain decimal.
 */
export function decimalToMinor(raw: string, digits: number): number | null {
  let text = raw.trim().split(',').join('');
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text : text.slice(0, dot);
  const fraction = dot < 0 ? '' : text.slice(dot + 1);
  if (!isDigits(whole) && !(whole === '' && isDigits(fraction))) return null;
  if (fraction !== '' && !isDigits(fraction)) return null;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  let minor = Number(whole || '0') * 10 ** digits + Number(kept || '0');
  const next = fraction.charAt(digits);
  if (next !== '' && next >= '5') minor += 1;
  if (!Number.isSafeInteger(minor)) return null;
  return minor === 0 ? 0 : sign * minor;
}

/** Upwork's Money as minor units and its currency (USD when Upwork leaves the currency out). */
export function moneyAmount(
  money: Money | null | undefined,
): { amountMinor: number; currency: string } | null {
  if (!money) return null;
  const currency = (money.currency ?? DEFAULT_CURRENCY).toUpperCase();
  const amountMinor = decimalToMinor(money.rawValue, currencyMinorDigits(currency));
  return amountMinor === null ? null : { amountMinor, currency };
}

const CONTRACT_ID_LABEL = 'contract id';

/**
 * The contract a transaction is for, from its description: "Invoice for Landing page
 * (Contract ID: 38493012)" -> "38493012" (Upwork's contract ids are digits). Read by hand (the
 * label, then the digits):
 * descriptions are free text and a pattern could retry from every position.
 */
export function contractIdFromDescription(description: string | null | undefined): string | null {
  if (!description) return null;
  const at = description.toLowerCase().indexOf(CONTRACT_ID_LABEL);
  if (at < 0) return null;
  let i = at + CONTRACT_ID_LABEL.length;
  while (i < description.length && (description[i] === ':' || description[i] === ' ')) i += 1;
  const start = i;
  while (i < description.length) {
    const char = description.charAt(i);
    if (char < '0' || char > '9') break;
    i += 1;
  }
  const id = description.slice(start, i);
  return id.length > 0 && id.length <= 64 ? id : null;
}

/** One room; its client is the participant who is not the connected freelancer. */
export function mapRoom(node: RoomNode, selfUserId: string | null): UpworkRoom {
  const others = (node.roomUsers ?? [])
    .map((member) => member.user)
    .filter((user) => user !== null && user.id !== selfUserId);
  const client = others[0] ?? null;
  const latest = node.latestStory;
  const latestAt = upworkTime(latest?.createdDateTime);
  return {
    id: node.id,
    roomName: node.roomName ?? client?.name ?? 'Upwork conversation',
    roomType: node.roomType ?? 'ONE_ON_ONE',
    numUnread: Math.max(0, Math.trunc(node.numUnread ?? 0)),
    objectReferenceId: node.vendorProposal?.id ?? null,
    contractId: node.contractId,
    clientUserId: client?.id ?? null,
    clientName: client?.name ?? null,
    latestStory:
      latest && latestAt
        ? { id: latest.id, message: latest.message ?? '', createdAt: latestAt }
        : null,
  };
}

/** One message; null when Upwork sent no readable time (it could not be ordered). */
export function mapStory(node: StoryNode): UpworkStory | null {
  const createdAt = upworkTime(node.createdDateTime);
  if (!createdAt) return null;
  return {
    id: node.id,
    message: node.message ?? '',
    createdAt,
    userId: node.user?.id ?? '',
    userName: node.user?.name ?? '',
  };
}

/** One of the freelancer's proposals; null without the job it is for. */
export function mapProposal(node: VendorProposalNode): UpworkVendorProposal | null {
  const jobPostingId = node.marketplaceJobPosting?.id;
  if (!jobPostingId) return null;
  return {
    id: node.id,
    jobPostingId,
    status: node.status?.status ?? 'UNKNOWN',
    createdAt: upworkTime(node.auditDetails?.createdDateTime) ?? new Date(0),
  };
}

/** One contract: hourly when it has hourly terms (the latest rate), else fixed (the latest amount). */
export function mapContract(node: ContractNode): UpworkContract {
  const hourly = (node.terms?.hourlyTerms ?? [])
    .map((term) => moneyAmount(term.hourlyRate))
    .filter((money) => money !== null);
  const fixed = (node.terms?.fixedPriceTerms ?? [])
    .map((term) => moneyAmount(term.fixedAmount))
    .filter((money) => money !== null);
  const type = hourly.length > 0 ? 'hourly' : 'fixed';
  const money = (type === 'hourly' ? hourly : fixed).at(-1) ?? {
    amountMinor: 0,
    currency: DEFAULT_CURRENCY,
  };
  return {
    id: node.id,
    title: node.title ?? 'Upwork contract',
    status: node.status ?? 'UNKNOWN',
    startDate: upworkDay(node.startDate),
    offerId: node.offerId,
    jobPostingId: node.job?.id ?? null,
    clientName: node.clientOrganization?.name ?? 'Upwork client',
    type,
    amountMinor: money.amountMinor,
    currency: money.currency,
  };
}

/** One ledger row; null without a record id or a readable date or amount (it could not be kept). */
export function mapTransactionRow(row: TransactionRowNode): UpworkTransactionRow | null {
  const date = upworkDay(row.transactionCreationDate);
  const money = moneyAmount(row.transactionAmount);
  if (!row.recordId || !date || !money) return null;
  const description = row.description ?? row.descriptionUI ?? '';
  return {
    recordId: row.recordId,
    date,
    type: row.type ?? '',
    subtype: row.accountingSubtype ?? '',
    description,
    amountMinor: money.amountMinor,
    currency: money.currency,
    companyName: row.assignmentCompanyName ?? '',
    contractId: contractIdFromDescription(description),
  };
}
