import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { optionsOf, Select } from '@/components/ui/select';
import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  analyticsPeriodSchema,
  type AnalyticsPeriod,
  type AnalyticsRangeQuery,
} from '@/contract/analytics-range';
import {
  browserTimeZone,
  customDaysError,
  daysBefore,
  rangeFor,
  todayIn,
  type CustomDays,
} from '@/lib/period-range';

/**
 * The period of an analytics screen, kept in the address so a reload or a shared link shows the
 * same numbers: ?period=7d|30d|90d|ytd, or ?period=custom&from=yyyy-mm-dd&to=yyyy-mm-dd (both
 * days included). Anything else reads as the last 30 days.
 */

export const DEFAULT_PERIOD: AnalyticsPeriod = '30d';

export type PeriodParam = {
  period: AnalyticsPeriod;
  /** The custom period's first and last day (yyyy-mm-dd); only with period 'custom'. */
  from?: string;
  to?: string;
  /** What the analytics endpoints are asked for: instants in the browser's time zone. */
  query: AnalyticsRangeQuery;
  setPeriod: (period: AnalyticsPeriod, custom?: CustomDays) => void;
};

function readPeriod(params: URLSearchParams): { period: AnalyticsPeriod; custom?: CustomDays } {
  const parsed = analyticsPeriodSchema.safeParse(params.get('period'));
  if (!parsed.success) return { period: DEFAULT_PERIOD };
  if (parsed.data !== 'custom') return { period: parsed.data };
  const custom = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return customDaysError(custom) === null
    ? { period: 'custom', custom }
    : { period: DEFAULT_PERIOD };
}

/** The period in the address, the query it stands for, and a setter. */
export function usePeriodParam(): PeriodParam {
  const [params, setSearchParams] = useSearchParams();
  const { period, custom } = readPeriod(params);
  const from = custom?.from;
  const to = custom?.to;
  // Worked out once per period (and day it was picked on), so the query keeps its cache key.
  const query = useMemo(
    () => rangeFor(period, from && to ? { from, to } : undefined, new Date(), browserTimeZone()),
    [period, from, to],
  );
  const setPeriod = useCallback(
    (next: AnalyticsPeriod, days?: CustomDays) => {
      setSearchParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('period', next);
          if (next === 'custom' && days) {
            updated.set('from', days.from);
            updated.set('to', days.to);
          } else {
            updated.delete('from');
            updated.delete('to');
          }
          return updated;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return {
    period,
    ...(from && to ? { from, to } : {}),
    query,
    setPeriod,
  };
}

const DAY_MS = 86_400_000;

/** What a period is compared with, for people: "previous 30 days", "previous day". */
export function previousPeriodLabel(query: Pick<AnalyticsRangeQuery, 'from' | 'to'>): string {
  const days = Math.max(1, Math.round((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS));
  return days === 1 ? 'previous day' : `previous ${days} days`;
}

export type PeriodChange = { period: AnalyticsPeriod; from?: string; to?: string };

/**
 * The period select of an analytics screen. "Custom" shows a first and a last day and Apply;
 * dates that cannot be used are explained and the period shown stays the last good one.
 */
export function PeriodPicker({ onChange }: { onChange?: (change: PeriodChange) => void }) {
  const id = useId();
  const { period, from, to, setPeriod } = usePeriodParam();
  // "Custom" chosen in the select but not applied yet: the address still holds the last period.
  const [choosingCustom, setChoosingCustom] = useState(false);
  // Dates typed and not applied yet; null shows the applied ones (or the defaults).
  const [draft, setDraft] = useState<CustomDays | null>(null);
  const [error, setError] = useState<string | null>(null);

  const today = todayIn(new Date(), browserTimeZone());
  const shown: CustomDays = draft ?? { from: from ?? daysBefore(today, 29), to: to ?? today };

  const choose = (value: string) => {
    const parsed = analyticsPeriodSchema.safeParse(value);
    if (!parsed.success) return;
    setError(null);
    setDraft(null);
    if (parsed.data === 'custom') {
      setChoosingCustom(true);
      return;
    }
    setChoosingCustom(false);
    // Back to the period already shown (after opening "Custom"): nothing changes.
    if (parsed.data === period) return;
    setPeriod(parsed.data);
    onChange?.({ period: parsed.data });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = customDaysError(shown);
    setError(problem);
    if (problem) return;
    setChoosingCustom(false);
    setDraft(null);
    setPeriod('custom', shown);
    onChange?.({ period: 'custom', from: shown.from, to: shown.to });
  };

  const labelClassName = 'block text-xs font-medium text-slate-700 dark:text-slate-300';
  const showCustom = choosingCustom || period === 'custom';
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        id={`${id}-period`}
        label="Period"
        labelClassName={labelClassName}
        className={`${inputClass} w-auto`}
        options={optionsOf(ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS)}
        value={choosingCustom ? 'custom' : period}
        onChange={(event) => choose(event.target.value)}
      />
      {showCustom ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Custom period"
          onSubmit={apply}
          noValidate
        >
          <Field id={`${id}-from`} label="First day" labelClassName={labelClassName}>
            <input
              type="date"
              className={`${inputClass} w-auto`}
              value={shown.from}
              onChange={(event) => setDraft({ ...shown, from: event.target.value })}
            />
          </Field>
          <Field id={`${id}-to`} label="Last day" labelClassName={labelClassName}>
            <input
              type="date"
              className={`${inputClass} w-auto`}
              value={shown.to}
              onChange={(event) => setDraft({ ...shown, to: event.target.value })}
            />
          </Field>
          <button type="submit" className={buttonClass.secondary}>
            Apply
          </button>
          {error ? (
            <div className="basis-full">
              <FormAlert>{error}</FormAlert>
            </div>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
