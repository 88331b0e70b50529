export interface SignupInput {
  displayName: string;
  email: string;
  password: string;
}

export type SignupFieldErrors = Partial<
  Record<'displayName' | 'email' | 'password' | 'confirm', string>
>;

/** What is wrong with each field of the sign-up form; empty when it can be sent. */
export function validateSignup(values: SignupInput & { confirm: string }): SignupFieldErrors {
  const errors: SignupFieldErrors = {};
  if (!values.displayName.trim()) errors.displayName = 'Enter your name.';
  if (!looksLikeEmail(values.email.trim())) errors.email = 'Enter a valid email address.';
  if (values.password.length < 6) errors.password = 'Use at least 6 characters.';
  if (values.confirm !== values.password) errors.confirm = 'The passwords do not match.';
  return errors;
}

/**
 * Something@something.something without spaces (what /^\S+@\S+\.\S+$/ accepts), checked by
 * hand: that pattern's three runs can trade characters, polynomial time on a long paste.
 */
function looksLikeEmail(value: string): boolean {
  if (value === '' || /\s/.test(value)) return false;
  const at = value.indexOf('@', 1);
  const dot = value.lastIndexOf('.', value.length - 2);
  return at > 0 && dot > at + 1;
}
