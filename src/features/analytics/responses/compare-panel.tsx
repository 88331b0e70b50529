import { useState } from 'react';

import { Select, type SelectOption } from '@/components/ui/select';
import { RouteLoading } from '@/components/ui/loading';
import { buttonClass } from '@/components/ui/page';
import type { AnalyticsRangeQuery } from '@/contract/analytics-range';
import {
  compareKindSchema,
  type CompareArm,
  type CompareKind,
  type CompareResult,
} from '@/contract/response-analytics';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useCompareResponsesQuery } from '../analytics.api';
import { armText, COMPARE_METHOD_NAME, differenceText, sendsNeededText } from './compare-text';
import { DifferenceInterval } from './difference-interval';
import { Panel } from './panel';

const KIND_OPTIONS: SelectOption[] = [
  { value: 'variant', label: 'Variants' },
  { value: 'template', label: 'Templates' },
];

export const VARIANT_OPTIONS: SelectOption[] = [
  { value: 'A', label: 'Variant A' },
  { value: 'B', label: 'Variant B' },
];

type Arms = { a: string; b: string };

/** The first two options as A and B, so a comparison shows without choosing anything. */
function defaultArms(options: readonly SelectOption[]): Arms {
  return { a: options[0]?.value ?? '', b: options[1]?.value ?? options[0]?.value ?? '' };
}

/**
 * Compare: two variants or two templates side by side, each reply rate with its interval, the
 * difference with its interval, the sends that would tell them apart, and the server's sentence.
 * Templates are the ones the period's template breakdown lists.
 */
export function ComparePanel({
  query,
  templates,
}: {
  query: AnalyticsRangeQuery;
  templates: readonly SelectOption[];
}) {
  const [kind, setKind] = useState<CompareKind>('variant');
  const options = kind === 'variant' ? VARIANT_OPTIONS : templates;
  const [chosen, setChosen] = useState<Arms>(() => defaultArms(VARIANT_OPTIONS));
  // A template that left the list (another period) falls back to the first two.
  const known = new Set(options.map((option) => option.value));
  const arms = known.has(chosen.a) && known.has(chosen.b) ? chosen : defaultArms(options);
  const ready = options.length >= 2 && arms.a !== arms.b;
  const compare = useCompareResponsesQuery({ ...query, kind, ...arms }, { skip: !ready });

  const changeKind = (next: CompareKind) => {
    setKind(next);
    setChosen(defaultArms(next === 'variant' ? VARIANT_OPTIONS : templates));
  };

  return (
    <Panel
      title="Compare"
      description="Two variants or two templates side by side: is the difference in reply rate real?"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          id="compare-kind"
          label="What to compare"
          options={KIND_OPTIONS}
          value={kind}
          onChange={(event) => {
            const parsed = compareKindSchema.safeParse(event.target.value);
            if (parsed.success) changeKind(parsed.data);
          }}
        />
        <Select
          id="compare-a"
          label="A"
          options={options}
          value={arms.a}
          disabled={options.length < 2}
          onChange={(event) => setChosen({ ...arms, a: event.target.value })}
        />
        <Select
          id="compare-b"
          label="B"
          options={options}
          value={arms.b}
          disabled={options.length < 2}
          onChange={(event) => setChosen({ ...arms, b: event.target.value })}
        />
      </div>
      <div className="mt-4">
        {options.length < 2 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Send responses with at least two templates in this period to compare them.
          </p>
        ) : arms.a === arms.b ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Choose two different {kind === 'variant' ? 'variants' : 'templates'} to compare.
          </p>
        ) : compare.isError ? (
          <div role="alert" className="text-sm">
            <p className="text-rose-700 dark:text-rose-300">
              {apiErrorMessage(compare.error, 'The comparison could not be loaded.')}
            </p>
            <button
              type="button"
              className={`${buttonClass.secondary} mt-2`}
              onClick={() => void compare.refetch()}
            >
              Retry
            </button>
          </div>
        ) : compare.data && !compare.isFetching ? (
          <CompareOutcome result={compare.data} />
        ) : (
          <RouteLoading />
        )}
      </div>
    </Panel>
  );
}

function ArmCard({ name, arm }: { name: 'A' | 'B'; arm: CompareArm }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p className="text-sm font-medium text-slate-900 dark:text-slate-100">
        {name}: {arm.label}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{armText(arm)}</p>
    </div>
  );
}

/** The sentence first, then both arms, then the difference drawn and in words. */
export function CompareOutcome({ result }: { result: CompareResult }) {
  return (
    <div className="space-y-3">
      <p
        role="status"
        className="rounded-lg bg-indigo-50 p-3 text-base font-semibold text-indigo-950 dark:bg-indigo-950 dark:text-indigo-50"
      >
        {result.sentence}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <ArmCard name="A" arm={result.a} />
        <ArmCard name="B" arm={result.b} />
      </div>
      <div className="space-y-1 text-sm text-slate-700 dark:text-slate-200">
        <p>{differenceText(result)}</p>
        <DifferenceInterval result={result} />
        <p className="text-slate-600 dark:text-slate-300">Method: {COMPARE_METHOD_NAME}.</p>
        <p>{sendsNeededText(result)}</p>
      </div>
    </div>
  );
}
