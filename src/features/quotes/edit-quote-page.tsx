import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { Quote } from '@/contract/quotes-api';

import { QuoteEditorView } from './quote-editor-view';
import { useGetQuoteQuery } from './quote-editor.api';

function NoQuote({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title="Edit Quote" />
      <EmptyState
        icon={<PenLine className="size-8" />}
        title={title}
        description={description}
        action={
          <Link to={paths.quotes} className={buttonClass.primary}>
            Go to quotes
          </Link>
        }
      />
    </>
  );
}

/**
 * /edit-quote?id=…: the quote editor. An editing session starts from the quote as loaded, and
 * starts again (from the server's copy) after a reload or a restored version.
 */
export default function EditQuotePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const quote = useGetQuoteQuery(id, { skip: !id });
  const [session, setSession] = useState<{ key: number; start: Quote } | null>(null);

  if (!id) {
    return (
      <NoQuote
        title="No quote open"
        description="Open a quote from the Quotes list to edit it here."
      />
    );
  }
  if (quote.isLoading) return <p role="status">Loading the quote…</p>;
  if (!quote.data) {
    return (
      <NoQuote
        title="Quote not found"
        description="It may have been deleted, or it belongs to another account."
      />
    );
  }
  const restart = (start: Quote) =>
    setSession((current) => ({ key: (current?.key ?? 0) + 1, start }));
  const current = session?.start.id === id ? session : { key: 0, start: quote.data };
  return (
    <QuoteEditorView
      key={`${id}-${current.key}`}
      quote={quote.data}
      start={current.start}
      onRestart={restart}
      onReload={() => {
        void quote
          .refetch()
          .unwrap()
          .then(restart, () => undefined);
      }}
    />
  );
}
