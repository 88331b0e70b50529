import { ChartNoAxesColumn } from 'lucide-react';

import { EmptyState, PageHeader } from '@/components/ui/page';

/** Placeholder from the app shell: the Response Analytics area replaces this file. */
export default function ResponseAnalyticsPage() {
  return (
    <>
      <PageHeader
        title={'Response Analytics'}
        description={'Which responses, templates and jobs lead to replies and hires.'}
      />
      <EmptyState
        icon={<ChartNoAxesColumn className="size-8" />}
        title={'No response data yet'}
        description={'The funnel from sent to hired appears here once you have sent responses.'}
      />
    </>
  );
}
