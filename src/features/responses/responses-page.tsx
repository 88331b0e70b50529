import { MessageSquareText } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Responses area replaces this file. */
export default function ResponsesPage() {
  return (
    <>
      <PageHeader title={'Responses'} description={'Every proposal you drafted or sent, and where it stands.'} />
      <EmptyState
        icon={<MessageSquareText className="size-8" />}
        title={'No responses yet'}
        description={'Generate a response for a job and it will be listed here with its status.'}
        action={
          <Link to={paths.generateResponse} className={buttonClass.primary}>
            Generate a response
          </Link>
        }
      />
    </>
  );
}
