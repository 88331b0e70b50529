import { useEffect, useId, useState } from 'react';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';

/**
 * Markdown as sanitised HTML. The parser and the sanitiser load only when a preview is first
 * asked for, so the editor's own code stays small.
 */
async function markdownToSafeHtml(text: string): Promise<string> {
  const [{ marked }, { default: DOMPurify }] = await Promise.all([
    import('marked'),
    import('dompurify'),
  ]);
  const html = await marked.parse(text, { async: true, gfm: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

const previewClass =
  'min-h-24 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-950 [&_a]:underline [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-medium [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-2 [&_ul]:list-disc';

function MarkdownPreview({ text, label }: { text: string; label: string }) {
  const [html, setHtml] = useState<{ text: string; html: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    markdownToSafeHtml(text).then(
      (result) => {
        if (live) setHtml({ text, html: result });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (failed) return <p className="text-sm text-rose-700">The preview could not load.</p>;
  if (!html) return <p className="text-sm text-slate-600">Loading the preview…</p>;
  return (
    <div
      role="region"
      aria-label={`${label} preview`}
      className={previewClass}
      // The HTML comes from DOMPurify, which strips scripts, handlers and unsafe URLs.
      dangerouslySetInnerHTML={{ __html: html.html }}
    />
  );
}

/** A markdown section of the quote with a Preview toggle that shows it as the client will read it. */
export function MarkdownSection({
  label,
  value,
  error,
  readOnly,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState(false);
  // A frozen quote is read, not edited: it shows as the client reads it.
  if (readOnly) {
    return (
      <div className="space-y-1">
        <span className="text-sm font-medium">{label}</span>
        <MarkdownPreview text={value} label={label} />
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium" id={`${id}-heading`}>
          {label}
        </span>
        <button
          type="button"
          className={`${buttonClass.ghost} px-2 py-1 text-xs`}
          aria-pressed={preview}
          aria-label={`Preview ${label}`}
          onClick={() => setPreview((on) => !on)}
        >
          {preview ? 'Edit' : 'Preview'}
        </button>
      </div>
      {preview ? (
        <MarkdownPreview text={value} label={label} />
      ) : (
        <Field
          id={id}
          label={label}
          labelHidden
          error={error}
          hint="Markdown: **bold**, - lists, ## headings."
        >
          <textarea
            className={`${inputClass} min-h-28`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </Field>
      )}
    </div>
  );
}
