import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import type { Response, UpdateResponseBody } from '@/contract/responses';

const NOT_POSITIVE = 'Bid and Connects must be positive numbers.';

/** Blank means "not set"; anything else must read as a number of at least zero. */
function parseBid(value: string): number | null {
  return value.trim() === '' ? null : Math.round(Number.parseFloat(value) * 100);
}
function parseConnects(value: string): number | null {
  return value.trim() === '' ? null : Number.parseInt(value, 10);
}

const detailsFormSchema = z
  .object({ bid: z.string(), connects: z.string() })
  .superRefine(({ bid, connects }, context) => {
    const bidMinor = parseBid(bid);
    if (bidMinor !== null && (!Number.isFinite(bidMinor) || bidMinor < 0))
      context.addIssue({ code: 'custom', path: ['bid'], message: NOT_POSITIVE });
    const connectsCount = parseConnects(connects);
    if (connectsCount !== null && (!Number.isInteger(connectsCount) || connectsCount < 0))
      context.addIssue({ code: 'custom', path: ['connects'], message: NOT_POSITIVE });
  });
type DetailsFormValues = z.infer<typeof detailsFormSchema>;

/** The bid (in the response's currency) and the Connects spent on it. */
export function ResponseDetailsForm({
  response,
  onSave,
}: {
  response: Response;
  /** Sends the change; resolves once the outcome has been reported to the user. */
  onSave: (body: Pick<UpdateResponseBody, 'bidMinor' | 'connects'>) => Promise<void>;
}) {
  const { register, handleSubmit, formState } = useForm<DetailsFormValues>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: {
      bid: response.bidMinor === null ? '' : String(response.bidMinor / 100),
      connects: response.connects === null ? '' : String(response.connects),
    },
  });
  const submit = handleSubmit((values) =>
    onSave({ bidMinor: parseBid(values.bid), connects: parseConnects(values.connects) }),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
      <Field id="bid" label={`Bid (${response.currency})`} error={formState.errors.bid?.message}>
        <input inputMode="decimal" className={inputClass} {...register('bid')} />
      </Field>
      <Field id="connects" label="Connects" error={formState.errors.connects?.message}>
        <input inputMode="numeric" className={inputClass} {...register('connects')} />
      </Field>
      <button type="submit" className={buttonClass.secondary}>
        Save bid
      </button>
    </form>
  );
}
