import type { SelectOption } from '@/components/ui/select';
import type { Breakdown } from '@/contract/response-analytics';

/** The row of responses sent without a template; it has no template to compare. */
const NO_TEMPLATE_KEY = 'none';

/** The templates the period's template breakdown lists, as the choices of Compare. */
export function templateOptions(breakdowns: readonly Breakdown[]): SelectOption[] {
  const rows = breakdowns.find((breakdown) => breakdown.dimension === 'template')?.rows ?? [];
  return rows
    .filter((row) => row.key !== NO_TEMPLATE_KEY)
    .map((row) => ({ value: row.key, label: row.label }));
}
