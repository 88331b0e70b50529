import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';

import { AddMarkers } from './add-markers';

/** A draft field with its markers under it, as the editor shows them. */
function Draft({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <label htmlFor="draft">Draft</label>
      <textarea
        id="draft"
        ref={fieldRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <AddMarkers text={text} fieldRef={fieldRef} />
    </>
  );
}

const DRAFT =
  'Orange. I have shipped three Shopify stores.\n' +
  '[Add: your answer about your favourite dessert]\n' +
  'Happy to start Monday. [Add: your availability]';

describe('AddMarkers', () => {
  it('highlights each part left for the user and selects it in the text from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Draft initial={DRAFT} />);
    const group = screen.getByRole('group', { name: 'Write these 2 parts yourself' });
    const marks = group.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual([
      '[Add: your answer about your favourite dessert]',
      '[Add: your availability]',
    ]);

    const field = screen.getByLabelText<HTMLTextAreaElement>('Draft');
    const second = within(group).getByRole('button', {
      name: 'Select [Add: your availability] in the text',
    });
    // Reached with Tab from the text and pressed with Enter, as a keyboard user would.
    await user.click(field);
    await user.tab();
    await user.tab();
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(field).toHaveFocus();
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(
      '[Add: your availability]',
    );

    // Typing replaces the selected marker, and it leaves the list.
    await user.keyboard('from the 3rd of March');
    expect(field.value).toContain('Happy to start Monday. from the 3rd of March');
    expect(screen.getByRole('group', { name: 'Write this part yourself' })).toBeInTheDocument();
    expect(screen.queryByText('[Add: your availability]')).not.toBeInTheDocument();
  });

  it('shows nothing once every part is written', () => {
    render(<Draft initial="Orange. I have shipped three Shopify stores." />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
