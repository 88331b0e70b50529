import { JOB_FILTER_LABELS } from '@/contract/jobs';

/** One refused field as the API lists it: `querystring.budgetMin`, `body.text`, … */
type ValidationDetail = { path: string; message: string };

function isDetail(value: unknown): value is ValidationDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ValidationDetail).path === 'string' &&
    typeof (value as ValidationDetail).message === 'string'
  );
}

/** The field a path names, in the words the screen uses, when it is a job filter. */
function labelOf(path: string): string | undefined {
  for (const part of path.split('.')) {
    if (Object.hasOwn(JOB_FILTER_LABELS, part)) {
      return JOB_FILTER_LABELS[part as keyof typeof JOB_FILTER_LABELS];
    }
  }
  return undefined;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** One refused field as a sentence that names it as the screen does. */
function describe({ path, message }: ValidationDetail): string {
  const label = labelOf(path);
  if (!label || message.startsWith(label)) return sentence(message);
  // zod's own wording for a value outside a list ("Invalid option: expected one of …").
  if (/^invalid/i.test(message)) return `${label} has a value that is not one of its choices.`;
  return sentence(`${label}: ${message}`);
}

/**
 * A validation failure's details in plain words ("Minimum budget is too large."), or undefined
 * when the error carries none. Field paths such as `querystring.budgetMin` are never shown.
 */
export function validationMessage(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  const sentences = details.filter(isDetail).slice(0, 3).map(describe);
  return sentences.length > 0 ? [...new Set(sentences)].join(' ') : undefined;
}
