import { CheckCircle2, CircleAlert, CircleX, Loader2, WifiOff, Wrench } from 'lucide-react';

import { formatMoney } from '@/contract/money';
import { COVER_LETTER_LIMIT, type CheckResult, type ResponseStatus } from '@/contract/responses';

export const STATUS_LABELS: Record<ResponseStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  replied: 'Replied',
  interview: 'Interview',
  hired: 'Hired',
  declined: 'Declined',
  archived: 'Archived',
};

const STATUS_COLORS: Record<ResponseStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  sent: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  viewed: 'bg-cyan-100 text-cyan-900 dark:bg-cyan-950 dark:text-cyan-200',
  replied: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  interview: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  hired: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  declined: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
  archived: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

export function StatusBadge({ status }: { status: ResponseStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_COLORS[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

export function OfflineBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      <WifiOff className="size-3" aria-hidden="true" /> Offline draft (no AI provider)
    </span>
  );
}

/** Live character count against Upwork's cover-letter limit. */
export function CharCount({ length, id }: { length: number; id?: string }) {
  const over = length > COVER_LETTER_LIMIT;
  return (
    <p
      id={id}
      aria-live="polite"
      className={`text-xs ${over ? 'font-semibold text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300'}`}
    >
      {length.toLocaleString('en-US')} / {COVER_LETTER_LIMIT.toLocaleString('en-US')} characters
      {over
        ? ` — ${(length - COVER_LETTER_LIMIT).toLocaleString('en-US')} over Upwork's limit`
        : ''}
    </p>
  );
}

export function ChecksList({ checks }: { checks: CheckResult[] }) {
  if (checks.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm" aria-label="Self-check">
      {checks.map((check) => (
        <li key={check.id} className="flex items-start gap-2">
          {check.passed ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : check.fixed ? (
            <Wrench className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          ) : (
            <CircleX className="mt-0.5 size-4 shrink-0 text-rose-600" aria-hidden="true" />
          )}
          <span>
            <span className="font-medium">{check.label}</span>
            <span className="sr-only">
              {check.passed ? ' (passed)' : check.fixed ? ' (fixed)' : ' (failed)'}
            </span>
            <span className="text-slate-600 dark:text-slate-300"> — {check.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export type StepView = {
  id: string;
  label: string;
  status: 'running' | 'done' | 'failed';
  detail?: string | undefined;
};

export function StepsList({ steps }: { steps: StepView[] }) {
  if (steps.length === 0) return null;
  return (
    <ol className="space-y-1 text-sm" aria-label="Agent steps">
      {steps.map((step) => (
        <li key={step.id} className="flex items-start gap-2">
          {step.status === 'running' ? (
            <Loader2
              className="mt-0.5 size-4 shrink-0 animate-spin text-indigo-600"
              aria-hidden="true"
            />
          ) : step.status === 'done' ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : (
            <CircleAlert className="mt-0.5 size-4 shrink-0 text-rose-600" aria-hidden="true" />
          )}
          <span>
            {step.label}
            {step.detail ? (
              <span className="text-slate-600 dark:text-slate-300"> — {step.detail}</span>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function formatMoneyMinor(minor: number | null, currency: string): string {
  return minor === null ? '—' : formatMoney(minor, currency, 'always');
}

export function formatCost(micros: number): string {
  if (micros === 0) return '$0';
  return `$${(micros / 1_000_000).toFixed(micros < 10_000 ? 4 : 3)}`;
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** Only http(s) links are rendered (job text and URLs are untrusted). */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
