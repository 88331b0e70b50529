import { LayoutTemplate } from 'lucide-react';

import { EmptyState, PageHeader } from '@/components/ui/page';

/** Placeholder from the app shell: the Quote Templates area replaces this file. */
export default function QuoteTemplatesPage() {
  return (
    <>
      <PageHeader title={'Quote Templates'} description={'Reusable structures for your quotes.'} />
      <EmptyState
        icon={<LayoutTemplate className="size-8" />}
        title={'No quote templates yet'}
        description={'Create a template to start quotes with your usual sections and terms.'}
      />
    </>
  );
}
