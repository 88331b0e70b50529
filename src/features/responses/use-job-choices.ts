import { useResponseJobOptionsQuery, useResponseJobQuery, type JobOption } from './responses.api';

/**
 * The jobs the generate form offers: the user's recent jobs, with the job named in the address
 * (?jobId=) first when it is not among them.
 */
export function useJobChoices(linkedJobId: string) {
  const jobOptions = useResponseJobOptionsQuery();
  const linkedJob = useResponseJobQuery(linkedJobId, { skip: !linkedJobId });
  const jobs = jobOptions.data?.items ?? [];
  const linked = linkedJob.data;
  const choices: JobOption[] =
    linked && !jobs.some((j) => j.id === linked.id) ? [linked, ...jobs] : jobs;
  return {
    choices,
    loading: jobOptions.isLoading || linkedJob.isLoading,
    /** The list failed and no linked job stands in for it. */
    unavailable: jobOptions.isError && !linkedJob.data,
  };
}
