import { ChartNoAxesColumn } from 'lucide-react';

import { EmptyState, PageHeader } from '@/components/ui/page';

/** Placeholder from the app shell: the Quote Analytics area replaces this file. */
export default function QuoteAnalyticsPage() {
  return (
    <>
      <PageHeader
        title={'Quote Analytics'}
        description={'How your quotes are received and what they are worth.'}
      />
      <EmptyState
        icon={<ChartNoAxesColumn className="size-8" />}
        title={'No quote data yet'}
        description={'Acceptance rates and values appear here once you have sent quotes.'}
      />
    </>
  );
}
