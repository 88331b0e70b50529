import type { JobFilters } from '@/contract/jobs';

/** Why the filters changed: a search, a filter, or a score filter (each logged differently). */
export type FilterChangeReason = 'search' | 'filter' | 'score';

/** Applies part of the filters, keeping the rest. */
export type SetFilters = (patch: Partial<JobFilters>, reason?: 'filter' | 'score') => void;
