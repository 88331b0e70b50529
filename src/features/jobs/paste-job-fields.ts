/** The message for a pasted job's text and link that cannot be sent, or null when they can. */
export function pastedJobProblem(text: string, url: string): string | null {
  if (text.trim().length < 20) return "Paste the job's text (at least 20 characters)";
  if (url.trim() && !/^https?:\/\/\S+$/i.test(url.trim()))
    return 'The job link must start with http:// or https://';
  return null;
}

/** The request body for a pasted job: its text, and its link when one was given. */
export function pastedJobBody(text: string, url: string) {
  return { text, ...(url.trim() ? { url: url.trim() } : {}) };
}
