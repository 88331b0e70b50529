import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Dashboard area replaces this file. */
export default function DashboardPage() {
  return (
    <>
      <PageHeader
        title={'Dashboard'}
        description={'Your pipeline at a glance: responses, replies, quotes and earnings.'}
      />
      <EmptyState
        icon={<LayoutDashboard className="size-8" />}
        title={'Nothing to measure yet'}
        description={
          'Once you send responses and win work, your reply rate, Connects spent, earnings and open pipeline appear here.'
        }
        action={
          <Link to={paths.jobs} className={buttonClass.primary}>
            Browse jobs
          </Link>
        }
      />
    </>
  );
}
