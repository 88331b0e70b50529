import { compactLabelClass as labelClass } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';

type Props = {
  label: string;
  /** What the input shows; a new value from the URL replaces what was typed. */
  value: string;
  kind: 'money' | 'count' | 'list';
  wide?: boolean;
  /** Called with the typed text when the input loses focus. */
  onCommit: (text: string) => void;
};

/** A labelled filter input that applies its value when the user leaves it. */
export function FilterBlurInput({ label, value, kind, wide = false, onCommit }: Props) {
  return (
    <label className={wide ? `${labelClass} col-span-2` : labelClass}>
      {label}
      <input
        key={value}
        type={kind === 'list' ? 'text' : 'number'}
        min={kind === 'list' ? undefined : 0}
        inputMode={kind === 'money' ? 'numeric' : undefined}
        defaultValue={value}
        onBlur={(event) => onCommit(event.target.value)}
        className={inputClass}
      />
    </label>
  );
}
