import { Sparkles } from 'lucide-react';

import { EmptyState, PageHeader } from '@/components/ui/page';

/** Placeholder from the app shell: the Generate Quote area replaces this file. */
export default function GenerateQuotePage() {
  return (
    <>
      <PageHeader
        title={'Generate Quote'}
        description={'Turn an RFP into a priced, structured quote.'}
      />
      <EmptyState
        icon={<Sparkles className="size-8" />}
        title={'No RFP added'}
        description={'Paste an RFP or upload a document to generate a quote from it.'}
      />
    </>
  );
}
