import { Mail } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Messages area replaces this file. */
export default function MessagesPage() {
  return (
    <>
      <PageHeader title={'Messages'} description={'Your Upwork conversations in one place.'} />
      <EmptyState
        icon={<Mail className="size-8" />}
        title={'No messages yet'}
        description={
          'Connect your Upwork account in Settings to see and answer your messages here.'
        }
        action={
          <Link to={paths.settingsAccount} className={buttonClass.primary}>
            Open settings
          </Link>
        }
      />
    </>
  );
}
