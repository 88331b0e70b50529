import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { Attribution } from '@/contract/transactions';

const linkClass =
  'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/**
 * Where an income row's money came from, as one line of links: "From <lead> · response: <title>
 * · job: <title> · template: <name> · portfolio: <items>". Parts the server could not find are
 * left out; nothing shows when none is known.
 */
export function TransactionAttribution({ attribution }: { attribution: Attribution | null }) {
  if (!attribution) return null;
  const parts: Array<{ key: string; node: ReactNode }> = [];
  if (attribution.leadName)
    parts.push({
      key: 'lead',
      node: (
        <>
          From{' '}
          {attribution.leadId ? (
            <Link className={linkClass} to={`${paths.leads}?lead=${attribution.leadId}`}>
              {attribution.leadName}
            </Link>
          ) : (
            attribution.leadName
          )}
        </>
      ),
    });
  if (attribution.responseTitle)
    parts.push({
      key: 'response',
      node: (
        <>
          response:{' '}
          {attribution.responseId ? (
            <Link className={linkClass} to={`${paths.editResponse}?id=${attribution.responseId}`}>
              {attribution.responseTitle}
            </Link>
          ) : (
            attribution.responseTitle
          )}
        </>
      ),
    });
  if (attribution.jobTitle)
    parts.push({
      key: 'job',
      node: (
        <>
          job:{' '}
          {attribution.jobId ? (
            <Link className={linkClass} to={`${paths.jobs}?job=${attribution.jobId}`}>
              {attribution.jobTitle}
            </Link>
          ) : (
            attribution.jobTitle
          )}
        </>
      ),
    });
  if (attribution.templateName)
    parts.push({ key: 'template', node: <>template: {attribution.templateName}</> });
  if (attribution.portfolioItems.length > 0)
    parts.push({
      key: 'portfolio',
      node: (
        <>
          portfolio:{' '}
          {attribution.portfolioItems.map((item, index) => (
            <Fragment key={item.id}>
              {index > 0 ? ', ' : null}
              <Link className={linkClass} to={paths.portfolio}>
                {item.title}
              </Link>
            </Fragment>
          ))}
        </>
      ),
    });
  if (parts.length === 0) return null;
  return (
    <p className="mt-1 text-xs break-words text-slate-600 dark:text-slate-300">
      {parts.map((part, index) => (
        <Fragment key={part.key}>
          {index > 0 ? ' · ' : null}
          {part.node}
        </Fragment>
      ))}
    </p>
  );
}
