import { LayoutTemplate } from 'lucide-react';

import { EmptyState, PageHeader } from '@/components/ui/page';

/** Placeholder from the app shell: the Response Templates area replaces this file. */
export default function ResponseTemplatesPage() {
  return (
    <>
      <PageHeader title={'Response Templates'} description={'Reusable openings, structures and signatures for your responses.'} />
      <EmptyState
        icon={<LayoutTemplate className="size-8" />}
        title={'No response templates yet'}
        description={'Create a template with variables such as {{client_name}} to start responses faster.'}
      />
    </>
  );
}
