import { ExternalLink, EyeOff, Send, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { Job } from '@/contract/jobs';

import { errorMessage, type useUpdateJobMutation } from './jobs.api';

type UpdateJob = ReturnType<typeof useUpdateJobMutation>;

type Props = {
  job: Job;
  /** The panel's update mutation, kept by the panel so its state outlives a reload of the job. */
  updateJob: UpdateJob[0];
  update: UpdateJob[1];
};

/** What the user can do with a job: write a response, open it on Upwork, hide it, mark applied. */
export function JobDetailActions({ job, updateJob, update }: Props) {
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={`${paths.generateResponse}?jobId=${encodeURIComponent(job.id)}`}
          className={buttonClass.primary}
        >
          <Sparkles className="size-4" aria-hidden="true" />
          Generate response
        </Link>
        {job.url ? (
          <a
            href={job.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass.secondary}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Open on Upwork
          </a>
        ) : null}
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={update.isLoading}
          onClick={() => void updateJob({ id: job.id, body: { hidden: !job.hiddenAt } })}
        >
          <EyeOff className="size-4" aria-hidden="true" />
          {job.hiddenAt ? 'Unhide' : 'Hide'}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={update.isLoading}
          aria-pressed={job.appliedAt !== null}
          onClick={() => void updateJob({ id: job.id, body: { applied: !job.appliedAt } })}
        >
          <Send className="size-4" aria-hidden="true" />
          {job.appliedAt ? 'Applied' : 'Mark applied'}
        </button>
      </div>
      {update.error ? (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(update.error)}
        </p>
      ) : null}
    </>
  );
}
