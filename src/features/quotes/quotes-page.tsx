import { FileText } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Quotes area replaces this file. */
export default function QuotesPage() {
  return (
    <>
      <PageHeader title={'Quotes'} description={'Detailed quotes for RFPs and larger projects.'} />
      <EmptyState
        icon={<FileText className="size-8" />}
        title={'No quotes yet'}
        description={'Generate a quote from an RFP and it will be listed here with its status.'}
        action={
          <Link to={paths.generateQuotes} className={buttonClass.primary}>
            Generate a quote
          </Link>
        }
      />
    </>
  );
}
