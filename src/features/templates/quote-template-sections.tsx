import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';

import { errorClass, hintClass, labelClass } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { QUOTE_TEMPLATE_VARIABLES, unknownQuoteVariablesInText } from '@/contract/quote-templates';

import {
  QUOTE_TEMPLATE_SECTIONS,
  type QuoteTemplateFormOutput,
  type QuoteTemplateFormValues,
  type QuoteTemplateSectionName,
} from './quote-template-form-values';

type Form = UseFormReturn<QuoteTemplateFormValues, unknown, QuoteTemplateFormOutput>;

const token = (name: string) => `{{${name}}}`;

/** Under a section: which of its variables are unknown (as the person types), else the help. */
function sectionNote(text: string): { unknown: boolean; note: string } {
  const unknown = unknownQuoteVariablesInText(text);
  if (unknown.length === 0)
    return {
      unknown: false,
      note: 'Markdown. Variables are filled in when a quote starts from this template.',
    };
  return {
    unknown: true,
    note: `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map(token).join(', ')}. A template with unknown variables cannot be saved; use the ones listed below.`,
  };
}

/**
 * The written sections of a quote template (markdown), each flagging unknown variables while
 * typed, and one list of variable buttons that inserts into the chosen section: the one last in
 * focus, or the one picked in the list (tabbing past the other sections would otherwise move it).
 */
export function QuoteTemplateSections({ form, id }: { form: Form; id: (name: string) => string }) {
  const [target, setTarget] = useState<QuoteTemplateSectionName>('summary');
  const areas = useRef<Partial<Record<QuoteTemplateSectionName, HTMLTextAreaElement | null>>>({});
  const texts = form.watch(QUOTE_TEMPLATE_SECTIONS.map((section) => section.name));
  const targetLabel = QUOTE_TEMPLATE_SECTIONS.find((section) => section.name === target)!.label;

  // The variable replaces the selection (or goes at the caret) of the section last in focus.
  const insert = (variable: string) => {
    const el = areas.current[target];
    const current = form.getValues(target);
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    const next = current.slice(0, start) + token(variable) + current.slice(end);
    form.setValue(target, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  return (
    <div className="space-y-4">
      {QUOTE_TEMPLATE_SECTIONS.map((section, index) => {
        const fieldId = id(section.name);
        const { unknown, note } = sectionNote(texts[index] ?? '');
        const { ref, ...field } = form.register(section.name);
        return (
          <div key={section.name}>
            <label htmlFor={fieldId} className={labelClass}>
              {section.label}
            </label>
            <textarea
              id={fieldId}
              className={`${inputClass} min-h-28 font-mono`}
              {...field}
              ref={(el) => {
                ref(el);
                areas.current[section.name] = el;
              }}
              onFocus={() => setTarget(section.name)}
              aria-describedby={`${fieldId}-note`}
              aria-invalid={unknown}
            />
            <p
              id={`${fieldId}-note`}
              aria-live="polite"
              className={unknown ? errorClass : hintClass}
            >
              {note}
            </p>
          </div>
        );
      })}
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id('variable-target')} className="text-sm font-medium">
            Insert a variable into
          </label>
          <select
            id={id('variable-target')}
            className={`${inputClass} w-auto`}
            value={target}
            onChange={(e) => setTarget(e.target.value as QuoteTemplateSectionName)}
          >
            {QUOTE_TEMPLATE_SECTIONS.map((section) => (
              <option key={section.name} value={section.name}>
                {section.label}
              </option>
            ))}
          </select>
        </div>
        <ul
          className="mt-2 flex flex-wrap gap-1"
          aria-label={`Variables to insert into ${targetLabel}`}
        >
          {QUOTE_TEMPLATE_VARIABLES.map((variable) => (
            <li key={variable.name}>
              <button
                type="button"
                title={variable.description}
                aria-label={`Insert ${token(variable.name)}: ${variable.description}`}
                className="rounded border border-slate-300 px-2 py-0.5 font-mono text-xs dark:border-slate-600"
                onClick={() => insert(variable.name)}
              >
                {token(variable.name)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
