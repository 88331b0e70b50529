import { FolderOpen } from 'lucide-react';

import { EmptyState, PageHeader } from '@/components/ui/page';

/** Placeholder from the app shell: the Portfolio settings area replaces this file. */
export default function PortfolioSettingsPage() {
  return (
    <>
      <PageHeader title={'Portfolio settings'} description={'Add, edit and organise your portfolio items.'} />
      <EmptyState
        icon={<FolderOpen className="size-8" />}
        title={'No portfolio items yet'}
        description={'Items you add here are used by the response agent and shown in your portfolio.'}
      />
    </>
  );
}
