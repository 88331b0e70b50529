import { useState } from 'react';

import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { Select, type SelectOption } from '@/components/ui/select';
import { formatMoney } from '@/contract/money';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useTransactionLeadDetailQuery, useTransactionLeadOptionsQuery } from './transactions.api';

const SEARCH_DELAY_MS = 300;

export type LinkValue = { leadId: string | null; contractId: string | null };

/**
 * The lead a transaction belongs to (found by a search box) and one of that lead's contracts.
 * Changing the lead clears the contract, since a contract belongs to one lead.
 */
export function TransactionLinkFields({
  value,
  onChange,
  currentLeadName,
  disabled = false,
}: {
  value: LinkValue;
  onChange: (value: LinkValue) => void;
  /** The name of the lead already linked, shown even when the search does not list it. */
  currentLeadName: string | null;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const leads = useTransactionLeadOptionsQuery(settled);
  const detail = useTransactionLeadDetailQuery(value.leadId ?? '', { skip: !value.leadId });

  const leadOptions: SelectOption[] = [{ value: '', label: 'No lead' }];
  const listed = leads.data?.items ?? [];
  if (value.leadId && !listed.some((lead) => lead.id === value.leadId))
    leadOptions.push({
      value: value.leadId,
      label: detail.data?.lead.contactName ?? currentLeadName ?? 'The linked lead',
    });
  for (const lead of listed)
    leadOptions.push({
      value: lead.id,
      label: lead.company ? `${lead.contactName} (${lead.company})` : lead.contactName,
    });

  const contracts = value.leadId ? (detail.data?.contracts ?? []) : [];
  const contractOptions: SelectOption[] = [
    { value: '', label: 'No contract' },
    ...contracts.map((contract) => ({
      value: contract.id,
      label: `${contract.title} · ${formatMoney(contract.amountMinor, contract.currency)}${contract.type === 'hourly' ? '/h' : ''}`,
    })),
  ];
  if (value.contractId && !contracts.some((contract) => contract.id === value.contractId))
    contractOptions.push({ value: value.contractId, label: 'The linked contract' });

  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-medium">Client</legend>
      <Field id="transaction-lead-search" label="Find a lead" hint="Name or company">
        <input
          type="search"
          className={inputClass}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxLength={200}
        />
      </Field>
      <Select
        id="transaction-lead"
        label="Lead"
        options={leadOptions}
        value={value.leadId ?? ''}
        onChange={(e) => onChange({ leadId: e.target.value || null, contractId: null })}
        hint={leads.isError ? 'Could not load the leads.' : undefined}
      />
      {value.leadId ? (
        <Select
          id="transaction-contract"
          label="Contract"
          options={contractOptions}
          value={value.contractId ?? ''}
          onChange={(e) => onChange({ ...value, contractId: e.target.value || null })}
          hint={
            detail.isSuccess && contracts.length === 0
              ? 'This lead has no contract yet; converting a won lead adds one.'
              : undefined
          }
        />
      ) : null}
    </fieldset>
  );
}
