import { JobDetail } from './job-detail';
import { JobDetailSheet } from './job-detail-sheet';
import { useNarrowScreen } from './use-narrow-screen';

type Props = {
  jobId: string;
  onClose: () => void;
};

/** The open job: beside the list on wide screens, a full-screen sheet on small ones. */
export function JobDetailPlacement({ jobId, onClose }: Props) {
  const narrow = useNarrowScreen();
  if (narrow) return <JobDetailSheet jobId={jobId} onClose={onClose} />;
  return (
    <div className="min-w-0 lg:sticky lg:top-4 lg:max-h-[80vh] lg:overflow-auto">
      <JobDetail jobId={jobId} onClose={onClose} />
    </div>
  );
}
