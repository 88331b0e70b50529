import { Link, useSearchParams } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { sendBlockers } from '@/contract/response-checks';
import type { Response } from '@/contract/responses';

import { ConfirmDiscardDialog } from '@/components/ui/confirm-discard-dialog';
import { ResponseDetailsForm } from './response-details-form';
import { ResponseHistory } from './response-history';
import { ResponseStatusSelect } from './response-status-select';
import { ResponseTextEditor } from './response-text-editor';
import { OfflineBadge, safeHttpUrl } from './response-ui';
import { useGetResponseQuery } from './responses.api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useResponseEditor } from './use-response-editor';

/** How long the text must settle before its checks run again. */
const CHECK_DELAY_MS = 300;

export default function EditResponsePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const response = useGetResponseQuery(id, { skip: !id });

  if (!id) {
    return (
      <>
        <PageHeader title="Edit Response" />
        <EmptyState
          title="No response chosen"
          description="Open a response from the list to edit it."
          action={
            <Link to={paths.responses} className={buttonClass.primary}>
              Go to Responses
            </Link>
          }
        />
      </>
    );
  }
  if (response.isLoading) return <p role="status">Loading the response…</p>;
  if (response.isError || !response.data) {
    return (
      <>
        <PageHeader title="Edit Response" />
        <EmptyState
          title="Response not found"
          description="It may have been deleted, or it belongs to another account."
          action={
            <Link to={paths.responses} className={buttonClass.secondary}>
              Back to Responses
            </Link>
          }
        />
      </>
    );
  }
  return <Editor key={response.data.id} response={response.data} />;
}

/** The failed-generation notice, with a way back to the generate screen for the same job. */
function FailedGenerationAlert({ response }: { response: Response }) {
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
    >
      This draft failed to generate: {response.generationError}{' '}
      <Link
        className="underline"
        to={
          response.jobId
            ? `${paths.generateResponse}?jobId=${response.jobId}`
            : paths.generateResponse
        }
      >
        Try again
      </Link>
    </p>
  );
}

function JobHeading({ response }: { response: Response }) {
  const jobUrl = safeHttpUrl(response.job.url);
  return (
    <>
      For <span className="font-medium">{response.job.title}</span>
      {jobUrl ? (
        <>
          {' · '}
          <a className="underline" href={jobUrl} target="_blank" rel="noopener noreferrer">
            Open on Upwork
          </a>
        </>
      ) : null}
    </>
  );
}

/** Status, bid and Connects of the response, with where its text came from. */
function ResponseDetails({
  response,
  editor,
  blockers,
}: {
  response: Response;
  editor: ReturnType<typeof useResponseEditor>;
  blockers: string[];
}) {
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <ResponseStatusSelect
        status={response.status}
        sendBlockers={blockers}
        onChange={(status) => void editor.changeStatus(status)}
      />
      <ResponseDetailsForm response={response} onSave={editor.saveDetails} />
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {response.model ?? 'manual'} · variant {response.variant}
        {response.templateName ? ` · template “${response.templateName}”` : ''}
        {response.citations.length
          ? ` · cites ${response.citations.map((c) => c.title).join(', ')}`
          : ''}
      </p>
    </div>
  );
}

function Editor({ response }: { response: Response }) {
  const editor = useResponseEditor(response);
  const checkedText = useDebouncedValue(editor.text, CHECK_DELAY_MS);
  const held = useLeaveGuard(editor.dirty);
  return (
    <>
      <PageHeader
        title="Edit Response"
        description={<JobHeading response={response} />}
        actions={response.offline ? <OfflineBadge /> : null}
      />
      {response.generation === 'failed' ? <FailedGenerationAlert response={response} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <ResponseTextEditor response={response} editor={editor} checkedText={checkedText} />
        <aside className="space-y-4">
          <ResponseDetails
            response={response}
            editor={editor}
            blockers={sendBlockers(checkedText)}
          />
          <ResponseHistory
            responseId={response.id}
            savedText={editor.savedText}
            onRestore={(versionId, number) => void editor.restoreVersion(versionId, number)}
          />
        </aside>
      </div>
      <ConfirmDiscardDialog
        open={held !== null}
        title="Leave without saving?"
        description={
          editor.text.trim() === ''
            ? 'The response is empty, so it was not saved. Leaving keeps the last saved text.'
            : 'Your latest edits are not saved yet. Leaving now loses them.'
        }
        discardLabel="Leave without saving"
        onDiscard={() => held?.leave()}
        onKeep={() => held?.stay()}
      />
    </>
  );
}
