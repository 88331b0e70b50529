import { PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Edit Response area replaces this file. */
export default function EditResponsePage() {
  return (
    <>
      <PageHeader title={'Edit Response'} description={'Refine a drafted response before you send it on Upwork.'} />
      <EmptyState
        icon={<PenLine className="size-8" />}
        title={'No response open'}
        description={'Open a response from the Responses list to edit it here.'}
        action={
          <Link to={paths.responses} className={buttonClass.primary}>
            Go to responses
          </Link>
        }
      />
    </>
  );
}
