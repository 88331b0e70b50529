import { describe, expect, it } from 'vitest';

import { validateSignup } from './signup-validate';

const valid = { displayName: 'Ann', password: 'secret1', confirm: 'secret1' };

describe('validateSignup: email', () => {
  it.each(['a@b.co', 'first.last@mail.example.com', '@x@y.z', ' ann@example.com '])(
    'accepts %s',
    (email) => {
      expect(validateSignup({ ...valid, email }).email).toBeUndefined();
    },
  );

  it.each(['', 'ann', 'ann@example', 'a@.c', 'a@b.', '@b.c', 'a b@c.d', 'a.b@c'])(
    'refuses %j',
    (email) => {
      expect(validateSignup({ ...valid, email }).email).toBe('Enter a valid email address.');
    },
  );

  it('refuses a long paste of at-signs and dots', () => {
    const email = 'a' + '@.'.repeat(50_000) + ' ';
    expect(validateSignup({ ...valid, email: email + 'x' }).email).toBeDefined();
  });
});
