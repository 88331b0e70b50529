import { clsx } from 'clsx';
import { Search, Sparkles } from 'lucide-react';

import type { PortfolioSearchMode } from '@/contract/portfolio';

const MODES = [
  ['text', 'Words', Search],
  ['ai', 'AI', Sparkles],
] as const;

type Props = {
  name: string;
  mode: PortfolioSearchMode;
  onChange: (mode: PortfolioSearchMode) => void;
};

/** The Words / AI radio pair that picks how the portfolio is searched. */
export function PortfolioSearchModeToggle({ name, mode, onChange }: Props) {
  return (
    <fieldset className="flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600">
      <legend className="sr-only">Search mode</legend>
      {MODES.map(([value, text, Icon]) => (
        <label
          key={value}
          className={clsx(
            'inline-flex cursor-pointer items-center gap-1 rounded-md px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
            mode === value
              ? 'bg-indigo-600 text-white'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
            className="sr-only"
          />
          <Icon className="size-4" aria-hidden="true" />
          {text}
        </label>
      ))}
    </fieldset>
  );
}
