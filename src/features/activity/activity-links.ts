import type { Activity } from '@/contract/activity';
import { paths } from '@/config/paths';

export type ActivityLink = { to: string; label: string };

function text(details: Record<string, unknown>, key: string): string | undefined {
  const value = details[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * Where an entry leads: the response, job, template, saved search, portfolio or profile it is
 * about.
 * Deletions lead nowhere: what they were about is gone.
 */
export function activityLink(entry: Activity): ActivityLink | null {
  const { action, details } = entry;
  if (action.startsWith('delete_')) return null;
  const responseId = text(details, 'responseId');
  if (responseId) {
    return {
      to: `${paths.editResponse}?id=${encodeURIComponent(responseId)}`,
      label: 'Open response',
    };
  }
  if (entry.jobId) {
    return { to: `${paths.jobs}?job=${encodeURIComponent(entry.jobId)}`, label: 'Open job' };
  }
  if (action.endsWith('_quote_template')) {
    return { to: paths.settingsQuoteTemplates, label: 'Open quote templates' };
  }
  if (action.endsWith('_response_template') || text(details, 'templateId')) {
    return { to: paths.templates, label: 'Open templates' };
  }
  const searchId = text(details, 'id');
  if (searchId && (action === 'save_saved_search' || action === 'load_saved_search')) {
    return {
      to: `${paths.jobs}?saved=${encodeURIComponent(searchId)}`,
      label: 'Open saved search',
    };
  }
  if (action.endsWith('_portfolio')) return { to: paths.portfolio, label: 'Open portfolio' };
  if (action === 'update_profile') return { to: paths.settingsProfile, label: 'Open profile' };
  return null;
}

/** A short line on what an entry was about (a job's title, a template's name…), if known. */
export function activitySubject(entry: Activity): string | null {
  return (
    text(entry.details, 'title') ??
    entry.templateName ??
    entry.searchName ??
    text(entry.details, 'name') ??
    null
  );
}
