import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import type { RfpText } from '@/contract/quotes-api';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useUploadRfpMutation } from './quotes.api';

const ACCEPTED = ['.pdf', '.docx', '.txt'];

const acceptable = (name: string) => ACCEPTED.some((ext) => name.toLowerCase().endsWith(ext));

/** "proposal.pdf · 3 pages · 12,400 characters" */
function describeUpload(upload: RfpText): string {
  const parts = [upload.fileName];
  if (upload.pages !== null) parts.push(`${upload.pages} ${upload.pages === 1 ? 'page' : 'pages'}`);
  parts.push(`${upload.characters.toLocaleString('en-US')} characters`);
  return parts.join(' · ');
}

/**
 * The RFP as text: typed or pasted, or read from an uploaded PDF, DOCX or TXT (dropped or
 * chosen). An upload puts its text in the box for review; the server's refusal (a scanned PDF,
 * a file too large) is shown as it is written.
 */
export function RfpSourceInput({
  text,
  onText,
  fileName,
  onFileName,
  error,
  disabled,
}: {
  text: string;
  onText: (text: string) => void;
  fileName: string | null;
  onFileName: (name: string | null) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  const [upload, uploadState] = useUploadRfpMutation();
  const [uploaded, setUploaded] = useState<RfpText | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const read = async (file: File) => {
    setUploadError(null);
    if (!acceptable(file.name)) {
      setUploadError('Upload the RFP as a PDF, DOCX or TXT file.');
      return;
    }
    const result = await upload(file);
    if ('error' in result) {
      setUploadError(apiErrorMessage(result.error, 'Could not read the file. Try again.'));
      return;
    }
    setUploaded(result.data);
    onText(result.data.text);
    onFileName(result.data.fileName);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) void read(file);
  };

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-wrap items-center gap-3 rounded-xl border-2 border-dashed p-4 text-sm ${
          dragging
            ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950'
            : 'border-slate-300 dark:border-slate-600'
        }`}
      >
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={disabled || uploadState.isLoading}
          onClick={() => fileInput.current?.click()}
        >
          <Upload className="size-4" aria-hidden="true" />
          {uploadState.isLoading ? 'Reading the file…' : 'Upload RFP'}
        </button>
        <span className="text-slate-600 dark:text-slate-300">
          or drop a PDF, DOCX or TXT file here
        </span>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="RFP file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void read(file);
          }}
        />
      </div>
      {uploadError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {uploadError}
        </p>
      ) : null}
      {uploaded && fileName === uploaded.fileName ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          Text from {describeUpload(uploaded)}. Review it below before generating.
        </p>
      ) : null}
      <Field id="rfp-text" label="RFP text" error={error}>
        <textarea
          className={`${inputClass} min-h-64 font-mono text-xs sm:text-sm`}
          value={text}
          disabled={disabled}
          onChange={(event) => onText(event.target.value)}
          placeholder="Paste the request for proposals: goals, scope, deliverables, timeline, budget."
        />
      </Field>
    </div>
  );
}
