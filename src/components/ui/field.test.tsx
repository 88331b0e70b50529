import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Field } from './field';
import { Select } from './select';

describe('Field', () => {
  it('labels its control and ties the hint and the error to it', () => {
    render(
      <Field id="bid" label="Bid" hint="In US dollars" error="Must be positive">
        <input />
      </Field>,
    );
    const input = screen.getByLabelText('Bid');
    expect(input).toHaveAttribute('id', 'bid');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('In US dollars Must be positive');
    expect(screen.getByRole('alert')).toHaveTextContent('Must be positive');
  });

  it('keeps a description the control already has and is valid without an error', () => {
    render(
      <Field id="text" label="Text" labelHidden>
        <textarea aria-describedby="count" />
      </Field>,
    );
    const textarea = screen.getByLabelText('Text');
    expect(textarea).toHaveAttribute('aria-describedby', 'count');
    expect(textarea).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Select', () => {
  it('is a labelled select with its options in order', () => {
    render(
      <Select
        id="tone"
        label="Tone"
        options={[
          { value: 'a', label: 'First' },
          { value: 'b', label: 'Second' },
        ]}
        defaultValue="b"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Tone' });
    expect(select).toHaveValue('b');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'First',
      'Second',
    ]);
  });
});
