import { useState, type FormEvent } from 'react';

import { AUTH_ERROR_TEXTS, describeAuthError } from '@/machines/auth-error-messages';

import { validateSignup, type SignupFieldErrors, type SignupInput } from './signup-validate';

export type SignupValues = SignupInput & { confirm: string };

/** The sign-up form's values, their errors, and a submit that validates and creates the account. */
export function useSignupForm(onCreateAccount: (input: SignupInput) => Promise<void>) {
  const [values, setValues] = useState<SignupValues>({
    displayName: '',
    email: '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<SignupFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const change = (field: keyof SignupValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await onCreateAccount({
        displayName: values.displayName.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      setSent(true);
    } catch (caught) {
      setError(
        describeAuthError(caught, 'Could not create the account.', {
          unknown: AUTH_ERROR_TEXTS.unknownSignUp,
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, error, busy, sent, change, submit };
}
