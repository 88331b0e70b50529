import type { SelectOption } from '@/components/ui/select';
import type { JobFilters } from '@/contract/jobs';

import { optionalChoice, toCount } from './filter-input-values';

/** A filter chosen from a list: its control, its options, and how it reads and sets the filters. */
export type FilterSelectSpec = {
  id: string;
  label: string;
  options: readonly SelectOption[];
  valueOf: (filters: JobFilters) => string | number;
  patch: (value: string) => Partial<JobFilters>;
  /** Score filters are logged as such. */
  reason: 'filter' | 'score';
};

/** The list filters always in view, in their order on screen. */
export const QUICK_FILTER_SELECTS: readonly FilterSelectSpec[] = [
  {
    id: 'job-filter-type',
    label: 'Job type',
    options: [
      { value: '', label: 'Any' },
      { value: 'hourly', label: 'Hourly' },
      { value: 'fixed', label: 'Fixed price' },
    ],
    valueOf: (filters) => filters.jobType ?? '',
    patch: (value) => ({ jobType: optionalChoice(value) }),
    reason: 'filter',
  },
  {
    id: 'job-filter-min-fit',
    label: 'Minimum fit',
    options: [
      { value: '', label: 'Any' },
      { value: '40', label: '40+' },
      { value: '60', label: '60+' },
      { value: '80', label: '80+' },
    ],
    valueOf: (filters) => filters.minScore ?? '',
    patch: (value) => ({ minScore: toCount(value) }),
    reason: 'score',
  },
  {
    id: 'job-filter-verdict',
    label: 'Verdict',
    options: [
      { value: '', label: 'Any' },
      { value: 'apply', label: 'Apply' },
      { value: 'maybe', label: 'Maybe' },
      { value: 'skip', label: 'Skip' },
    ],
    valueOf: (filters) => filters.verdict ?? '',
    patch: (value) => ({ verdict: optionalChoice(value) }),
    reason: 'score',
  },
  {
    id: 'job-filter-posted-within',
    label: 'Posted within',
    options: [
      { value: '', label: 'Any time' },
      { value: '1h', label: '1 hour' },
      { value: '24h', label: '24 hours' },
      { value: '3d', label: '3 days' },
      { value: '7d', label: '7 days' },
      { value: '30d', label: '30 days' },
    ],
    valueOf: (filters) => filters.postedWithin ?? '',
    patch: (value) => ({ postedWithin: optionalChoice(value) }),
    reason: 'filter',
  },
];

/** Where the job came from, among the folded filters. */
export const SOURCE_FILTER_SELECT: FilterSelectSpec = {
  id: 'job-filter-source',
  label: 'Source',
  options: [
    { value: '', label: 'All' },
    { value: 'upwork', label: 'Upwork' },
    { value: 'manual', label: 'Added by hand' },
    { value: 'csv', label: 'CSV import' },
  ],
  valueOf: (filters) => filters.source ?? '',
  patch: (value) => ({ source: optionalChoice(value) }),
  reason: 'filter',
};
