import { clsx } from 'clsx';
import { Clock } from 'lucide-react';

import type { MessageRoom } from '@/contract/messages';

import { formatRoomTime, waitingNote } from './messages-format';

function RoomUnread({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function RoomRow({
  room,
  selected,
  targetHours,
  now,
  onSelect,
}: {
  room: MessageRoom;
  selected: boolean;
  targetHours: number;
  now: Date;
  onSelect: (id: string) => void;
}) {
  const waiting = waitingNote(room, targetHours, now);
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(room.id)}
        aria-current={selected ? 'true' : undefined}
        data-testid="room"
        className={clsx(
          'block w-full px-4 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
          selected
            ? 'bg-indigo-50 dark:bg-indigo-950/60'
            : 'hover:bg-slate-50 dark:hover:bg-slate-800/60',
        )}
      >
        <span className="flex items-baseline gap-2">
          <span
            className={clsx(
              'min-w-0 flex-1 truncate text-sm text-slate-900 dark:text-slate-50',
              room.unread > 0 ? 'font-semibold' : 'font-medium',
            )}
          >
            {room.clientName}
          </span>
          <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
            {formatRoomTime(room.lastMessageAt, now)}
          </span>
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-xs text-slate-600 dark:text-slate-300">
            {room.name}
          </span>
          <RoomUnread count={room.unread} />
        </span>
        <span className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-200">
          {room.latestPreview}
        </span>
        {waiting ? (
          <span
            className={clsx(
              'mt-1 inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs',
              waiting.overdue
                ? 'bg-amber-100 font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
                : 'text-slate-600 dark:text-slate-300',
            )}
          >
            <Clock className="size-3.5" aria-hidden="true" />
            {waiting.text}
          </span>
        ) : null}
      </button>
    </li>
  );
}

/** The rooms, newest activity first, with their unread counts and how long each client waited. */
export function RoomList({
  rooms,
  selectedId,
  targetHours,
  now,
  onSelect,
}: {
  rooms: MessageRoom[];
  selectedId: string | null;
  targetHours: number;
  now: Date;
  onSelect: (id: string) => void;
}) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-200 dark:divide-slate-800">
      {rooms.map((room) => (
        <RoomRow
          key={room.id}
          room={room}
          selected={room.id === selectedId}
          targetHours={targetHours}
          now={now}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
}
