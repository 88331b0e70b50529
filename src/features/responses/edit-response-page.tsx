import { Link, useSearchParams } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { RESPONSE_STATUSES, type Response, type ResponseStatus } from '@/contract/responses';

import { ResponseDetailsForm } from './response-details-form';
import { ResponseHistory } from './response-history';
import { ResponseTextEditor } from './response-text-editor';
import { OfflineBadge, STATUS_LABELS, safeHttpUrl } from './response-ui';
import { useGetResponseQuery } from './responses.api';
import { useResponseEditor } from './use-response-editor';

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
}: {
  response: Response;
  editor: ReturnType<typeof useResponseEditor>;
}) {
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <Select
        id="status"
        label="Status"
        options={optionsOf(RESPONSE_STATUSES, STATUS_LABELS)}
        value={response.status}
        onChange={(e) => void editor.changeStatus(e.target.value as ResponseStatus)}
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
  return (
    <>
      <PageHeader
        title="Edit Response"
        description={<JobHeading response={response} />}
        actions={response.offline ? <OfflineBadge /> : null}
      />
      {response.generation === 'failed' ? <FailedGenerationAlert response={response} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <ResponseTextEditor response={response} editor={editor} />
        <aside className="space-y-4">
          <ResponseDetails response={response} editor={editor} />
          <ResponseHistory
            responseId={response.id}
            savedText={editor.savedText}
            onRestore={(versionId, number) => void editor.restoreVersion(versionId, number)}
          />
        </aside>
      </div>
    </>
  );
}
