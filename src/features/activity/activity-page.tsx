import { Activity } from 'lucide-react';

import { EmptyState, PageHeader } from '@/components/ui/page';

/** Placeholder from the app shell: the Activity area replaces this file. */
export default function ActivityPage() {
  return (
    <>
      <PageHeader title={'Activity'} description={'A timeline of what you did in Bidwright.'} />
      <EmptyState
        icon={<Activity className="size-8" />}
        title={'No activity to show yet'}
        description={'Your sign-ins, responses, quotes and other actions will be listed here.'}
      />
    </>
  );
}
