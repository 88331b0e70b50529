import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

type Props = {
  /** The question's name for screen readers, e.g. "Disconnect Upwork". */
  label: string;
  className?: string;
  /** Escape does this: the safe choice. */
  onCancel: () => void;
  children: ReactNode;
};

/**
 * A confirmation shown in place: focus starts on its safe choice (the button marked
 * `data-safe-choice`), and Escape cancels it without reaching the page behind.
 */
export function InlineConfirm({ label, className, onCancel, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-safe-choice]')?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return (
    // The keys belong to the buttons inside; the group only hears Escape bubbling up from them.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      role="alertdialog"
      aria-label={label}
      className={className}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
