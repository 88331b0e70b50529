import type { MouseEvent } from 'react';

/**
 * The first stop of the Tab key on every signed-in screen: hidden until focused, it moves focus
 * past the sidebar and the top bar to the screen's own content.
 */
export function SkipToContent({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus moves without a hash in the address, which the router would treat as a navigation.
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      className="sr-only rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:outline-2 focus:outline-offset-2 focus:outline-white"
    >
      Skip to content
    </a>
  );
}
