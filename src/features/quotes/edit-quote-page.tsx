import { PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Edit Quote area replaces this file. */
export default function EditQuotePage() {
  return (
    <>
      <PageHeader title={'Edit Quote'} description={'Adjust sections, pricing and milestones.'} />
      <EmptyState
        icon={<PenLine className="size-8" />}
        title={'No quote open'}
        description={'Open a quote from the Quotes list to edit it here.'}
        action={
          <Link to={paths.quotes} className={buttonClass.primary}>
            Go to quotes
          </Link>
        }
      />
    </>
  );
}
