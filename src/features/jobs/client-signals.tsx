import { ShieldAlert, ShieldCheck } from 'lucide-react';

import type { Job } from '@/contract/jobs';

import { formatCompactMoney } from './job-filters';

/** The client in a few words: payment verified or not, money spent, hires and country. */
export function ClientSignals({ job }: { job: Job }) {
  const c = job.client;
  const parts: string[] = [];
  if (c.totalSpentMinor !== null)
    parts.push(`${formatCompactMoney(c.totalSpentMinor, 'USD')} spent`);
  if (c.hires !== null) parts.push(`${c.hires} ${c.hires === 1 ? 'hire' : 'hires'}`);
  if (c.country) parts.push(c.country);
  return (
    <span className="inline-flex items-center gap-1">
      {c.paymentVerified === true ? (
        <ShieldCheck
          className="size-3.5 text-emerald-600 dark:text-emerald-400"
          aria-label="Payment verified"
        />
      ) : c.paymentVerified === false ? (
        <ShieldAlert
          className="size-3.5 text-rose-600 dark:text-rose-400"
          aria-label="Payment not verified"
        />
      ) : null}
      <span>{parts.join(' · ') || 'client unknown'}</span>
    </span>
  );
}
