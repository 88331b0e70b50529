import { Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Placeholder from the app shell: the Generate Response area replaces this file. */
export default function GenerateResponsePage() {
  return (
    <>
      <PageHeader title={'Generate Response'} description={'Draft a proposal for a job in your own voice.'} />
      <EmptyState
        icon={<Sparkles className="size-8" />}
        title={'No job chosen'}
        description={'Pick a job from Browse Jobs to draft a response for it.'}
        action={
          <Link to={paths.jobs} className={buttonClass.primary}>
            Browse jobs
          </Link>
        }
      />
    </>
  );
}
