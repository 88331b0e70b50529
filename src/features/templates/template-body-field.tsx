import { useRef, type Dispatch, type SetStateAction } from 'react';

import { inputClass } from '@/components/ui/page';
import { TEMPLATE_VARIABLES, unknownTemplateVariables } from '@/contract/templates';

type Props = {
  body: string;
  onChange: Dispatch<SetStateAction<string>>;
};

/** The template text, whether its variables are known, and buttons that insert a variable. */
export function TemplateBodyField({ body, onChange }: Props) {
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const unknown = unknownTemplateVariables(body);

  // The variable replaces the selection (or goes at the caret); without the textarea, at the end.
  const insert = (variable: string) => {
    const el = bodyRef.current;
    const token = `{{${variable}}}`;
    if (!el) {
      onChange((b) => b + token);
      return;
    }
    const start = el.selectionStart;
    const end = el.selectionEnd;
    onChange((b) => b.slice(0, start) + token + b.slice(end));
  };

  return (
    <>
      <div>
        <label htmlFor="template-body" className="block text-sm font-medium">
          Text
        </label>
        <textarea
          id="template-body"
          ref={bodyRef}
          className={`${inputClass} min-h-72 font-mono`}
          value={body}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby="template-variables-help"
          aria-invalid={unknown.length > 0}
        />
        <p
          id="template-variables-help"
          aria-live="polite"
          className={`mt-1 text-xs ${unknown.length ? 'text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300'}`}
        >
          {unknown.length
            ? `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((v) => `{{${v}}}`).join(', ')}. A template with unknown variables cannot be saved; use the ones below.`
            : 'All variables are known.'}
        </p>
      </div>
      <div>
        <p className="text-sm font-medium">Insert a variable</p>
        <ul className="mt-1 flex flex-wrap gap-1">
          {TEMPLATE_VARIABLES.map((v) => (
            <li key={v.name}>
              <button
                type="button"
                title={v.description}
                className="rounded border border-slate-300 px-2 py-0.5 font-mono text-xs dark:border-slate-600"
                onClick={() => insert(v.name)}
              >
                {`{{${v.name}}}`}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
