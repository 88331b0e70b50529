import { inputClass } from '@/components/ui/page';

import { SettingsField } from './settings-field';

type Props = {
  label: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
};

/** One required password input of the change-password form. */
export function PasswordField({ label, hint, autoComplete, value, disabled, onChange }: Props) {
  return (
    <SettingsField label={label} {...(hint ? { hint } : {})}>
      {(id) => (
        <input
          id={id}
          type="password"
          autoComplete={autoComplete}
          className={inputClass}
          value={value}
          disabled={disabled}
          required
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </SettingsField>
  );
}
