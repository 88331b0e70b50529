import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Response } from '@/contract/responses';

import { ResponseDetailsForm } from './response-details-form';

const response = { bidMinor: 50000, connects: 16, currency: 'USD' } as Response;

describe('ResponseDetailsForm', () => {
  it('sends the bid in minor units and the Connects, blanks as not set', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<ResponseDetailsForm response={response} onSave={onSave} />);
    expect(screen.getByLabelText('Bid (USD)')).toHaveValue('500');
    await user.clear(screen.getByLabelText('Bid (USD)'));
    await user.type(screen.getByLabelText('Bid (USD)'), '650.5');
    await user.clear(screen.getByLabelText('Connects'));
    await user.click(screen.getByRole('button', { name: 'Save bid' }));
    expect(onSave).toHaveBeenCalledWith({ bidMinor: 65050, connects: null });
  });

  it('refuses a negative bid next to its field and sends nothing', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<ResponseDetailsForm response={response} onSave={onSave} />);
    await user.clear(screen.getByLabelText('Bid (USD)'));
    await user.type(screen.getByLabelText('Bid (USD)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save bid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bid and Connects must be positive numbers.',
    );
    expect(screen.getByLabelText('Bid (USD)')).toHaveAccessibleDescription(
      'Bid and Connects must be positive numbers.',
    );
    expect(onSave).not.toHaveBeenCalled();
  });
});
