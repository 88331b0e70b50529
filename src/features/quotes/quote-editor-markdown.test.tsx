import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { MarkdownSection } from './quote-editor-markdown';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <MarkdownSection label="Summary" value={value} readOnly={false} onChange={setValue} />;
}

describe('MarkdownSection', () => {
  it('previews markdown as HTML with scripts and event handlers stripped', async () => {
    const text = '**Fast** checkout <img src="x" onerror="alert(1)"><script>alert(2)</script>';
    const { user } = renderWithProviders(<Harness initial={text} />);
    await user.click(screen.getByRole('button', { name: 'Preview Summary' }));
    const preview = await screen.findByRole('region', { name: 'Summary preview' });
    expect(preview.querySelector('strong')).toHaveTextContent('Fast');
    expect(preview.innerHTML).not.toContain('onerror');
    expect(preview.querySelector('script')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview Summary' }));
    expect(screen.getByLabelText('Summary')).toHaveValue(text);
  });
});
