import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { SENT_STATUSES } from '@/contract/response-checks';
import { RESPONSE_STATUSES, type ResponseStatus } from '@/contract/responses';

import { STATUS_LABELS } from './response-ui';

type Props = {
  status: ResponseStatus;
  /** Why the text cannot go to the client yet; while any, the sent statuses are disabled. */
  sendBlockers: string[];
  onChange: (status: ResponseStatus) => void;
};

/** The response's status; statuses that say it was sent wait until the text can be sent. */
export function ResponseStatusSelect({ status, sendBlockers, onChange }: Props) {
  const blocked = sendBlockers.length > 0;
  return (
    <Field
      id="status"
      label="Status"
      hint={
        blocked ? (
          <span className="text-rose-700 dark:text-rose-300">
            Cannot be marked sent yet: {sendBlockers.join(' ')}
          </span>
        ) : undefined
      }
    >
      <select
        className={inputClass}
        value={status}
        onChange={(event) => onChange(event.target.value as ResponseStatus)}
      >
        {RESPONSE_STATUSES.map((value) => (
          <option
            key={value}
            value={value}
            disabled={blocked && value !== status && SENT_STATUSES.includes(value)}
          >
            {STATUS_LABELS[value]}
          </option>
        ))}
      </select>
    </Field>
  );
}
