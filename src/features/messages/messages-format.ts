import type { Message, MessageRoom, MessageSyncResult } from '@/contract/messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A wait as people say it: minutes under an hour, hours under two days, days after that. */
export function formatWait(ms: number): string {
  const safe = Math.max(0, ms);
  if (safe < HOUR) return `${Math.max(1, Math.floor(safe / MINUTE))} min`;
  if (safe < 48 * HOUR) return `${Math.floor(safe / HOUR)} h`;
  return `${Math.floor(safe / (24 * HOUR))} d`;
}

export type WaitingNote = { text: string; overdue: boolean };

/**
 * How long the client has waited for an answer, when they wrote last. Past the user's reply-time
 * target the text says so, so the highlight does not rest on colour alone.
 */
export function waitingNote(
  room: Pick<MessageRoom, 'awaitingReply' | 'lastClientMessageAt'>,
  targetHours: number,
  now: Date,
): WaitingNote | null {
  if (!room.awaitingReply || !room.lastClientMessageAt) return null;
  const waited = now.getTime() - new Date(room.lastClientMessageAt).getTime();
  const overdue = waited > targetHours * HOUR;
  const text = `Waiting ${formatWait(waited)}`;
  return overdue
    ? { text: `${text} — past your ${targetHours} h target`, overdue }
    : { text, overdue };
}

function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** A room's last activity: the time today, the date otherwise (with the year when not this one). */
export function formatRoomTime(iso: string | null, now: Date): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (sameDay(at, now))
    return at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return at.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** A message's time of day. */
export function formatMessageTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** The day separator of a thread: Today, Yesterday or the date. */
export function formatDay(at: Date, now: Date): string {
  if (sameDay(at, now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(at, yesterday)) return 'Yesterday';
  return at.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

export type ThreadDay = { key: string; label: string; messages: Message[] };

/** The messages (oldest first) grouped by the local day they were sent. */
export function groupByDay(messages: Message[], now: Date): ThreadDay[] {
  const days: ThreadDay[] = [];
  for (const message of messages) {
    const at = new Date(message.sentAt);
    const key = `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: formatDay(at, now), messages: [message] });
  }
  return days;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a refresh found, in one sentence. */
export function describeSync(result: MessageSyncResult): string {
  const parts = [
    result.newMessages === 0
      ? 'no new messages'
      : plural(result.newMessages, 'new message', 'new messages'),
  ];
  if (result.leadsCreated > 0) parts.push(plural(result.leadsCreated, 'new lead', 'new leads'));
  return `Checked Upwork: ${parts.join(', ')}.`;
}
