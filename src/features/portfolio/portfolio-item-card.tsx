import { clsx } from 'clsx';
import { Download, FileText, ImageIcon, MessageSquareQuote } from 'lucide-react';
import { useState } from 'react';

import {
  PORTFOLIO_MATCH_FIELD_LABELS,
  type PortfolioFile,
  type PortfolioItem,
  type PortfolioSearchHit,
} from '@/contract/portfolio';

import {
  downloadPortfolioFile,
  formatBytes,
  useAuthedImage,
  useFileAccess,
} from './portfolio-files';
import { ItemLinks, ItemResults, ItemSkills } from './portfolio-item-facts';

export type PortfolioView = 'grid' | 'list';

export function citationText(item: PortfolioItem): string {
  const { responses, replied } = item.citations;
  if (responses === 0) return 'Not cited in any response yet';
  const cited = `Cited in ${responses} ${responses === 1 ? 'response' : 'responses'}`;
  return `${cited}, ${replied} got ${replied === 1 ? 'a reply' : 'replies'}`;
}

/** The first image file, whose thumbnail represents the item. */
function coverOf(item: PortfolioItem): PortfolioFile | null {
  return item.files.find((file) => file.hasThumbnail) ?? null;
}

export function Thumbnail({ file, className }: { file: PortfolioFile; className?: string }) {
  const { url, failed } = useAuthedImage(
    file.hasThumbnail ? `/api/portfolio/files/${file.id}/thumbnail` : null,
  );
  if (!file.hasThumbnail || failed) {
    return (
      <div
        className={clsx(
          'flex items-center justify-center bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
          className,
        )}
      >
        {file.mime === 'application/pdf' ? (
          <FileText className="size-8" aria-hidden="true" />
        ) : (
          <ImageIcon className="size-8" aria-hidden="true" />
        )}
      </div>
    );
  }
  return url ? (
    <img
      src={url}
      alt={`Thumbnail of ${file.originalName}`}
      className={clsx('object-cover', className)}
    />
  ) : (
    <div
      className={clsx('animate-pulse bg-slate-100 dark:bg-slate-800', className)}
      aria-hidden="true"
    />
  );
}

export function FileList({ item }: { item: PortfolioItem }) {
  const access = useFileAccess();
  const [error, setError] = useState<string | null>(null);
  if (item.files.length === 0) return null;
  return (
    <div>
      <ul className="flex flex-wrap gap-2" aria-label={`Files of ${item.title}`}>
        {item.files.map((file) => (
          <li key={file.id}>
            <button
              type="button"
              className="inline-flex max-w-56 items-center gap-1 rounded-md border border-slate-200 px-2 py-1 text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
              onClick={() => {
                setError(null);
                downloadPortfolioFile(access, file.id, file.originalName).catch(() =>
                  setError(`"${file.originalName}" could not be downloaded.`),
                );
              }}
            >
              <Download className="size-3 shrink-0" aria-hidden="true" />
              <span className="truncate">{file.originalName}</span>
              <span className="sr-only">, download</span>
              <span className="shrink-0 text-slate-500 dark:text-slate-400">
                {formatBytes(file.sizeBytes)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function MatchExplanation({ hit }: { hit: PortfolioSearchHit }) {
  const where = hit.matchedIn.map((field) => PORTFOLIO_MATCH_FIELD_LABELS[field]);
  return (
    <div
      className="mt-2 rounded-md bg-indigo-50 p-2 text-xs text-indigo-950 dark:bg-indigo-950/50 dark:text-indigo-100"
      aria-label="Why it matched"
    >
      <p>
        <span className="font-medium">Why it matched: </span>
        {hit.matchedTerms.length > 0 ? (
          <>
            {hit.matchedTerms.map((term, index) => (
              <span key={term}>
                {index > 0 ? ', ' : ''}
                <mark className="rounded bg-yellow-200 px-0.5 text-slate-900 dark:bg-yellow-300">
                  {term}
                </mark>
              </span>
            ))}
            {where.length > 0 ? ` in ${where.join(', ')}` : ''}
          </>
        ) : (
          'similar in meaning'
        )}
        {hit.similarity !== null ? ` · meaning ${Math.round(hit.similarity * 100)}%` : ''}
      </p>
      {hit.snippet.length > 0 ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {hit.snippet.map((segment, index) =>
            segment.match ? (
              <mark
                key={index}
                className="rounded bg-yellow-200 px-0.5 text-slate-900 dark:bg-yellow-300"
              >
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </p>
      ) : null}
    </div>
  );
}

/** One case study, as a card (grid) or a row (list); with `hit`, also why it matched a search. */
export function PortfolioItemCard({
  item,
  view,
  hit,
  actions,
}: {
  item: PortfolioItem;
  view: PortfolioView;
  hit?: PortfolioSearchHit;
  actions?: React.ReactNode;
}) {
  const cover = coverOf(item);
  const headingId = `portfolio-item-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900',
        view === 'list' && 'flex flex-col sm:flex-row',
      )}
    >
      {cover ? (
        <Thumbnail
          file={cover}
          className={
            view === 'grid' ? 'aspect-video w-full' : 'h-32 w-full shrink-0 sm:h-auto sm:w-44'
          }
        />
      ) : null}
      <div className="min-w-0 flex-1 p-4">
        <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-50">
          {item.title}
        </h3>
        <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
          {[item.role, item.industry, item.date].filter(Boolean).join(' · ')}
        </p>
        {item.description ? (
          <p
            className={clsx(
              'mt-2 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300',
              view === 'grid' && 'line-clamp-4',
            )}
          >
            {item.description}
          </p>
        ) : null}
        <ItemResults item={item} />
        <ItemSkills skills={item.skills} />
        <ItemLinks links={item.links} />
        <div className="mt-3">
          <FileList item={item} />
        </div>
        <p className="mt-3 inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
          <MessageSquareQuote className="size-3" aria-hidden="true" />
          {citationText(item)}
        </p>
        {hit ? <MatchExplanation hit={hit} /> : null}
        {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </article>
  );
}
