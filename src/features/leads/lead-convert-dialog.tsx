import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import {
  CONTRACT_TYPES,
  LEAD_NAME_MAX,
  MONEY_MINOR_MAX,
  type Lead,
  type UpworkContractOption,
} from '@/contract/leads';
import { majorStringToMinor, minorToMajorString } from '@/contract/quote-totals';
import { apiErrorMessage } from '@/lib/api-error-message';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useConvertLeadMutation, useUpworkContractsQuery } from './leads.api';
import { leadValueText } from './leads-format';

const convertFormSchema = z
  .object({
    clientName: z
      .string()
      .trim()
      .min(1, { message: 'Enter the client name' })
      .max(LEAD_NAME_MAX, {
        message: `The client name must be at most ${LEAD_NAME_MAX} characters`,
      }),
    contractTitle: z
      .string()
      .trim()
      .min(1, { message: 'Enter the contract title' })
      .max(200, { message: 'The contract title must be at most 200 characters' }),
    type: z.enum(CONTRACT_TYPES),
    amount: z.string().trim(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { message: 'Use a 3-letter currency code such as USD' }),
    startDate: z.iso.date({ message: 'Choose the start date' }),
    upworkContractId: z.string(),
  })
  .superRefine((values, ctx) => {
    const minor = majorStringToMinor(values.amount, values.currency || 'USD');
    if (minor === null || minor <= 0 || minor > MONEY_MINOR_MAX)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the rate or amount' });
  });
type ConvertFormValues = z.input<typeof convertFormSchema>;

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

function contractLabel(contract: UpworkContractOption): string {
  const money = leadValueText(contract.amountMinor, contract.currency);
  return `${contract.title} · ${contract.clientName}${money ? ` · ${money}` : ''}`;
}

/** The Upwork contracts to pick from; nothing (and a hint) when Upwork is not connected. */
function useContractOptions() {
  const contracts = useUpworkContractsQuery();
  const items = contracts.data?.items ?? [];
  const hint = contracts.isLoading
    ? 'Loading your Upwork contracts…'
    : contracts.isError
      ? 'Connect Upwork in Settings to pick one of your Upwork contracts here.'
      : items.length === 0
        ? 'No Upwork contracts found.'
        : 'Picking one fills in the title, type, amount and start date.';
  return { items, hint };
}

/** Won -> a client with its contract (and, when it is one, the Upwork contract it is). */
export function LeadConvertDialog({
  lead,
  open,
  onOpenChange,
  onConverted,
}: {
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConverted: () => void;
}) {
  const id = useId();
  const [convert] = useConvertLeadMutation();
  const options = useContractOptions();
  const form = useForm<ConvertFormValues>({
    resolver: zodResolver(convertFormSchema),
    defaultValues: {
      clientName: lead.company || lead.contactName,
      contractTitle: lead.jobTitle,
      type: 'fixed',
      amount: lead.valueMinor > 0 ? minorToMajorString(lead.valueMinor, lead.currency) : '',
      currency: lead.currency,
      startDate: today(),
      upworkContractId: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setError, setValue, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const type = useWatch({ control, name: 'type' });

  const pickContract = (contractId: string) => {
    setValue('upworkContractId', contractId);
    const contract = options.items.find((c) => c.id === contractId);
    if (!contract) return;
    setValue('contractTitle', contract.title);
    setValue('type', contract.type);
    setValue('currency', contract.currency);
    setValue('amount', minorToMajorString(contract.amountMinor, contract.currency));
    if (contract.startDate) setValue('startDate', contract.startDate.slice(0, 10));
  };

  const submit = handleSubmit(async (values) => {
    const currency = values.currency.trim().toUpperCase();
    const result = await convert({
      id: lead.id,
      body: {
        clientName: values.clientName.trim(),
        contractTitle: values.contractTitle.trim(),
        type: values.type,
        amountMinor: majorStringToMinor(values.amount, currency) ?? 0,
        currency,
        startDate: values.startDate,
        upworkContractId: values.upworkContractId || null,
      },
    });
    if ('error' in result)
      setError('root', {
        message: apiErrorMessage(result.error, 'Could not convert the lead. Try again.'),
      });
    else onConverted();
  });

  const field = (name: keyof ConvertFormValues) => `${id}-${name}`;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Convert to a client"
      description="The client and the contract you won; payments synced from Upwork are then attributed to it."
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        <Select
          id={field('upworkContractId')}
          label="Upwork contract"
          hint={options.hint}
          options={[
            { value: '', label: 'Not an Upwork contract' },
            ...options.items.map((c) => ({ value: c.id, label: contractLabel(c) })),
          ]}
          disabled={options.items.length === 0}
          {...register('upworkContractId')}
          onChange={(event) => pickContract(event.target.value)}
        />
        <Field id={field('clientName')} label="Client name" error={errors.clientName?.message}>
          <input className={inputClass} {...register('clientName')} />
        </Field>
        <Field
          id={field('contractTitle')}
          label="Contract title"
          error={errors.contractTitle?.message}
        >
          <input className={inputClass} {...register('contractTitle')} />
        </Field>
        <fieldset>
          <legend className="block text-sm font-medium">Type</legend>
          <div className="mt-1 flex gap-4">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value="fixed"
                className="accent-indigo-600"
                {...register('type')}
              />{' '}
              Fixed price
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value="hourly"
                className="accent-indigo-600"
                {...register('type')}
              />{' '}
              Hourly
            </label>
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id={field('amount')}
            label={type === 'hourly' ? 'Hourly rate' : 'Amount'}
            error={errors.amount?.message}
          >
            <input inputMode="decimal" className={inputClass} {...register('amount')} />
          </Field>
          <Field id={field('currency')} label="Currency" error={errors.currency?.message}>
            <input className={inputClass} maxLength={3} {...register('currency')} />
          </Field>
        </div>
        <Field id={field('startDate')} label="Start date" error={errors.startDate?.message}>
          <input type="date" className={inputClass} {...register('startDate')} />
        </Field>
        <FormAlert>{errors.root?.message}</FormAlert>
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Converting…' : 'Convert'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
