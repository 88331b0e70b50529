import { Users } from 'lucide-react';

import { EmptyState, PageHeader } from '@/components/ui/page';

/** Placeholder from the app shell: the Leads area replaces this file. */
export default function LeadsPage() {
  return (
    <>
      <PageHeader
        title={'Leads'}
        description={'Conversations that may turn into work, and the money they bring.'}
      />
      <EmptyState
        icon={<Users className="size-8" />}
        title={'No leads yet'}
        description={
          'When a client replies to a response, a lead appears here. Transactions will have their own tab.'
        }
      />
    </>
  );
}
