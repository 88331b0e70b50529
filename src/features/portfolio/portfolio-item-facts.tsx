import { Link as LinkIcon } from 'lucide-react';

import type { PortfolioItem } from '@/contract/portfolio';

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** An item's results: its numbers as chips, then the results text. */
export function ItemResults({ item }: { item: PortfolioItem }) {
  if (!item.results && item.resultMetrics.length === 0) return null;
  return (
    <div className="mt-2 text-sm text-slate-800 dark:text-slate-200">
      {item.resultMetrics.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Results in numbers">
          {item.resultMetrics.map((metric, index) => (
            <li
              key={`${metric.label}-${index}`}
              className="rounded-md bg-emerald-50 px-2 py-0.5 text-xs text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
            >
              <span className="font-semibold">
                {metric.value.toLocaleString()}
                {metric.unit ?? ''}
              </span>{' '}
              {metric.label}
            </li>
          ))}
        </ul>
      ) : null}
      {item.results ? <p className="mt-1 whitespace-pre-line">{item.results}</p> : null}
    </div>
  );
}

/** An item's skills as chips. */
export function ItemSkills({ skills }: { skills: string[] }) {
  if (skills.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1" aria-label="Skills">
      {skills.map((skill) => (
        <li
          key={skill}
          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {skill}
        </li>
      ))}
    </ul>
  );
}

/** An item's links, opened in a new tab, named by their label or their host. */
export function ItemLinks({ links }: { links: PortfolioItem['links'] }) {
  if (links.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-3 text-sm">
      {links.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1 text-indigo-700 underline hover:text-indigo-600 dark:text-indigo-300"
          >
            <LinkIcon className="size-3" aria-hidden="true" />
            {link.label ?? hostOf(link.url)}
          </a>
        </li>
      ))}
    </ul>
  );
}
