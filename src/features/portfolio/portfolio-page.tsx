import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Portfolio area replaces this file. */
export default function PortfolioPage() {
  return (
    <>
      <PageHeader title={'Portfolio'} description={'The case studies your responses cite.'} />
      <EmptyState
        icon={<FolderOpen className="size-8" />}
        title={'No portfolio items yet'}
        description={'Add your past projects so responses can point to real proof.'}
        action={
          <Link to={paths.settingsPortfolio} className={buttonClass.primary}>
            Manage portfolio
          </Link>
        }
      />
    </>
  );
}
