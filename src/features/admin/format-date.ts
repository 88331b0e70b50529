const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A time as the reader's locale writes it; 'Never' for a time that has not happened. */
export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : 'Never';
}
