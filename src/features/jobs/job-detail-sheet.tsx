import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';

import { JobDetail } from './job-detail';

type Props = {
  jobId: string;
  onClose: () => void;
};

/**
 * The job's details on a small screen: a full-screen sheet over the list. Focus moves into it
 * (to Back); Back, Escape and the browser's own close all return to the list, which stayed
 * where it was scrolled, with focus on the job that was opened.
 */
export function JobDetailSheet({ jobId, onClose }: Props) {
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 overflow-y-auto overscroll-contain bg-slate-50 text-slate-900 focus:outline-none dark:bg-slate-950 dark:text-slate-100"
        >
          <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-2 dark:border-slate-800 dark:bg-slate-900">
            <Dialog.Close asChild>
              <button type="button" className={buttonClass.ghost}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                Back
              </button>
            </Dialog.Close>
            <Dialog.Title className="text-sm font-semibold">Job details</Dialog.Title>
          </div>
          <div className="p-3">
            <JobDetail jobId={jobId} onClose={onClose} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
