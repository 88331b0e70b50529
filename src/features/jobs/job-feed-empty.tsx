import { Briefcase, SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** No jobs and no Upwork connection: connect, or add a job by hand. */
export function UpworkNotConnectedEmpty({ onAdd }: { onAdd: () => void }) {
  return (
    <EmptyState
      icon={<Briefcase className="size-8" />}
      title="Upwork is not connected"
      description="Connect your Upwork account to search its jobs here, or add a job by hand (paste its text) or from a CSV file."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={paths.settingsAccount} className={buttonClass.primary}>
            Connect Upwork
          </Link>
          <button type="button" className={buttonClass.secondary} onClick={onAdd}>
            Add a job by hand
          </button>
        </div>
      }
    />
  );
}

/** No job matches: with filters set, offers to clear them. */
export function NoJobMatches({ noFilters, onClear }: { noFilters: boolean; onClear: () => void }) {
  return (
    <EmptyState
      icon={<SearchX className="size-8" />}
      title="No matches"
      description={
        noFilters
          ? 'No jobs yet. Refresh from Upwork or add a job by hand.'
          : 'No job matches these words and filters. Loosen a filter or try other words.'
      }
      action={
        noFilters ? undefined : (
          <button type="button" className={buttonClass.secondary} onClick={onClear}>
            Clear search and filters
          </button>
        )
      }
    />
  );
}
