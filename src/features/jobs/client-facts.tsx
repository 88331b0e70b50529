import type { Job } from '@/contract/jobs';
import { formatMoney } from '@/contract/money';

/** What is known about a job's client, one fact a row; unknown facts say so. */
export function ClientFacts({ job }: { job: Job }) {
  const c = job.client;
  const rows: Array<[string, string]> = [
    [
      'Payment',
      c.paymentVerified === null ? 'unknown' : c.paymentVerified ? 'verified' : 'not verified',
    ],
    ['Total spent', c.totalSpentMinor === null ? 'unknown' : formatMoney(c.totalSpentMinor, 'USD')],
    ['Hires', c.hires === null ? 'unknown' : String(c.hires)],
    ['Jobs posted', c.jobsPosted === null ? 'unknown' : String(c.jobsPosted)],
    [
      'Rating',
      c.rating === null ? 'no reviews' : `${c.rating.toFixed(2)} (${c.reviews ?? 0} reviews)`,
    ],
    ['Country', c.country ?? 'unknown'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
