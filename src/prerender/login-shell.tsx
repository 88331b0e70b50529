import { renderToStaticMarkup } from 'react-dom/server';

import { AuthShell } from '@/features/auth/auth-shell';

/**
 * The sign-in page's marketing panel as static HTML, written into login.html at build time so a
 * first visit paints it before any script runs (docs/decisions/0006). The form
 * column stays empty: it needs the app to work, and React replaces this markup on its first render.
 * aria-hidden and inert keep the copy out of the accessibility tree and out of reach meanwhile.
 */
export function renderLoginShell(): string {
  const panel = renderToStaticMarkup(
    <AuthShell>
      <span />
    </AuthShell>,
  );
  return `<div aria-hidden="true" inert data-prerendered="login">${panel}</div>`;
}
