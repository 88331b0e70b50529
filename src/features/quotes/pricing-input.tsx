import { useEffect, useRef, useState } from 'react';

import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';

/**
 * A number typed as text (a rate in major units, a quantity, a percentage). What the person
 * types stays on screen as typed; a value that parses is passed on at once, one that does not
 * shows `invalidMessage` and is reported through `onInvalid` so the quote is not saved with it.
 * Leaving the field shows the stored value in its usual form again.
 */
export function PricingNumberInput({
  id,
  label,
  labelHidden = false,
  value,
  format,
  parse,
  invalidMessage,
  onValue,
  onInvalid,
  error,
  className,
}: {
  id: string;
  label: string;
  labelHidden?: boolean;
  value: number;
  format: (value: number) => string;
  parse: (text: string) => number | null;
  invalidMessage: string;
  onValue: (value: number) => void;
  onInvalid: (message: string | null) => void;
  error?: string | undefined;
  className?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const report = useRef(onInvalid);
  useEffect(() => {
    report.current = onInvalid;
  }, [onInvalid]);
  // A field removed while it holds a bad value must not keep the quote from saving.
  useEffect(() => () => report.current(null), []);

  const change = (text: string) => {
    setDraft(text);
    const parsed = parse(text);
    setInvalid(parsed === null);
    onInvalid(parsed === null ? invalidMessage : null);
    if (parsed !== null) onValue(parsed);
  };

  return (
    <Field
      id={id}
      label={label}
      labelHidden={labelHidden}
      labelClassName="block text-xs font-medium text-slate-700 dark:text-slate-300"
      className={className}
      error={invalid ? invalidMessage : error}
    >
      <input
        className={`${inputClass} text-right tabular-nums`}
        inputMode="decimal"
        value={draft ?? format(value)}
        onChange={(e) => change(e.target.value)}
        onBlur={() => {
          if (!invalid) setDraft(null);
        }}
      />
    </Field>
  );
}
