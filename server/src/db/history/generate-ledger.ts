import type { TransactionKind } from '#contract/transactions';

import { EXPENSES } from './catalog.ts';
import { addDays, DAY_MS, isoDay, type HistoryContext } from './context.ts';
import type { ContractPlan } from './generate-pipeline.ts';

/**
 * The ledger: payments on every contract (weekly-ish for hourly work, in milestones for fixed
 * price), each with Upwork's 10% fee beside it, a few refunds, and the user's own expenses and
 * withdrawals to the bank, until the ledger holds about `target` rows.
 */

export const UPWORK_FEE_RATE = 0.1;

/** Of every 40 payments, one is partly refunded. */
const REFUND_EVERY = 40;

export function generateLedger(
  context: HistoryContext,
  contracts: ContractPlan[],
  target: number,
): void {
  const { random, rows, userId, now, start } = context;
  let externalNumber = 0;
  const add = (
    kind: TransactionKind,
    amountMinor: number,
    on: Date,
    details: {
      description: string;
      counterparty: string;
      currency?: string;
      contract?: ContractPlan;
      upwork: boolean;
    },
  ) => {
    if (amountMinor <= 0) return;
    const day = isoDay(on);
    const recordedAt = new Date(Math.min(Date.parse(`${day}T18:00:00Z`), now.getTime()));
    externalNumber += details.upwork ? 1 : 0;
    rows.transactions.push({
      id: context.nextId(),
      userId,
      kind,
      amountMinor,
      currency: details.currency ?? 'USD',
      occurredOn: day,
      description: details.description,
      counterparty: details.counterparty,
      clientId: details.contract?.clientId ?? null,
      leadId: details.contract?.leadId ?? null,
      contractId: details.contract?.contractId ?? null,
      source: details.upwork ? 'upwork' : 'manual',
      externalId: details.upwork ? `history-transaction-${externalNumber}` : null,
      fetchedAt: details.upwork ? recordedAt : null,
      createdAt: recordedAt,
      updatedAt: recordedAt,
    });
  };

  const months = Math.max(1, Math.round((now.getTime() - start.getTime()) / (30 * DAY_MS)));
  // Roughly: every payment brings its fee, one in 40 a refund; the rest are the user's own rows.
  const ownRows = Math.min(Math.round(target * 0.1), months * 12);
  const payments = Math.max(0, Math.floor((target - ownRows) / (2 + 1 / REFUND_EVERY)));

  const windows = contracts
    .map((contract) => ({
      contract,
      from: addDays(contract.start, 7),
      days: (contract.end.getTime() - addDays(contract.start, 7).getTime()) / DAY_MS,
    }))
    .filter((window) => window.days >= 1);
  const totalDays = windows.reduce((sum, window) => sum + window.days, 0);
  let paymentNumber = 0;
  for (const window of windows) {
    const share = Math.max(1, Math.round((payments * window.days) / totalDays));
    const { contract } = window;
    for (let i = 0; i < share; i += 1) {
      const on = new Date(
        window.from.getTime() + ((i + random.next()) / share) * window.days * DAY_MS,
      );
      if (on.getTime() > now.getTime()) continue;
      const amount =
        contract.type === 'hourly'
          ? contract.amountMinor * random.int(8, 40)
          : Math.max(100, Math.round(contract.amountMinor / share));
      const details = { counterparty: contract.counterparty, contract, upwork: true };
      add('income', amount, on, { ...details, description: `Payment: ${contract.title}` });
      add('upwork_fee', Math.round(amount * UPWORK_FEE_RATE), on, {
        ...details,
        description: `Service fee: ${contract.title}`,
      });
      paymentNumber += 1;
      if (paymentNumber % REFUND_EVERY === 0) {
        add('refund', Math.round(amount * 0.25), addDays(on, 3) > now ? on : addDays(on, 3), {
          ...details,
          description: `Refund: ${contract.title}`,
        });
      }
    }
  }

  // The user's own rows: subscriptions and Connects bought, and money moved to the bank.
  for (let i = 0; i < ownRows; i += 1) {
    const on = new Date(start.getTime() + random.next() * (now.getTime() - start.getTime()));
    if (random.chance(0.35)) {
      add('withdrawal', random.int(5, 60) * 10_000, on, {
        description: 'Withdrawal to bank account',
        counterparty: 'Bank',
        upwork: true,
      });
    } else {
      const expense = random.pick(EXPENSES);
      add('expense', random.int(expense.amount[0], expense.amount[1]), on, {
        description: expense.description,
        counterparty: expense.counterparty,
        upwork: expense.counterparty === 'Upwork',
      });
    }
  }
}
