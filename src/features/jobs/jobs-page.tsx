import { Briefcase } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Browse Jobs area replaces this file. */
export default function JobsPage() {
  return (
    <>
      <PageHeader title={'Browse Jobs'} description={'Find Upwork jobs worth your Connects.'} />
      <EmptyState
        icon={<Briefcase className="size-8" />}
        title={'No jobs yet'}
        description={'Connect your Upwork account in Settings or add a job by hand; matching jobs will be listed here with a fit score.'}
        action={
          <Link to={paths.settingsAccount} className={buttonClass.primary}>
            Open settings
          </Link>
        }
      />
    </>
  );
}
