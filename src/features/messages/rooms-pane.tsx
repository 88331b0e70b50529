import { Inbox } from 'lucide-react';
import { useMemo, useState } from 'react';

import { Field, compactLabelClass } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-feedback';
import { EmptyState, buttonClass, inputClass } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { DEFAULT_REPLY_TARGET_HOURS } from '@/contract/messages';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useListRoomsInfiniteQuery, type RoomList as RoomListPage } from './messages.api';
import { RoomList } from './room-list';

/** The list's first page says whether Upwork is connected, when it last synced and the target. */
export type RoomListMeta = Pick<RoomListPage, 'connected' | 'lastSyncAt' | 'replyTargetHours'>;

function NoRooms({ filtered }: { filtered: boolean }) {
  return (
    <div className="p-4">
      <EmptyState
        icon={<Inbox className="size-8" />}
        title={filtered ? 'No conversations match' : 'No conversations yet'}
        description={
          filtered
            ? 'Change the search or show every conversation.'
            : 'When a client writes to you on Upwork, the conversation shows here. Use Refresh to check now.'
        }
      />
    </div>
  );
}

/** The room list query and its filters; the page shares its first page's facts with the thread. */
export function useRoomList() {
  const [search, setSearch] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const q = useDebouncedValue(search.trim(), 300);
  const filters = useMemo(
    () => ({ ...(q ? { q } : {}), ...(unreadOnly ? { unread: 'true' as const } : {}) }),
    [q, unreadOnly],
  );
  const list = useListRoomsInfiniteQuery(filters);
  const first = list.data?.pages[0];
  const rooms = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const meta: RoomListMeta | null = first
    ? {
        connected: first.connected,
        lastSyncAt: first.lastSyncAt,
        replyTargetHours: first.replyTargetHours,
      }
    : null;
  return {
    search,
    setSearch,
    unreadOnly,
    setUnreadOnly,
    filtered: Boolean(q) || unreadOnly,
    list,
    rooms,
    meta,
  };
}

export type RoomListState = ReturnType<typeof useRoomList>;

/** Search, "Unread only" and the rooms, with "Load more" past the first page. */
export function RoomsPane({
  state,
  selectedId,
  now,
  onSelect,
}: {
  state: RoomListState;
  selectedId: string | null;
  now: Date;
  onSelect: (id: string) => void;
}) {
  const { search, setSearch, unreadOnly, setUnreadOnly, filtered, list, rooms, meta } = state;
  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3 dark:border-slate-800">
        <Field
          id="messages-search"
          label="Search conversations"
          labelClassName={compactLabelClass}
          className="min-w-0 flex-1"
        >
          <input
            type="search"
            className={inputClass}
            value={search}
            maxLength={200}
            placeholder="Client, job or message"
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <label className="flex items-center gap-2 py-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={unreadOnly}
            onChange={(event) => setUnreadOnly(event.target.checked)}
          />
          Unread only
        </label>
      </div>
      {list.isLoading ? (
        <p className="flex items-center gap-2 p-4 text-sm" role="status">
          <Spinner className="size-4" /> Loading conversations…
        </p>
      ) : list.isError ? (
        <div className="space-y-3 p-4">
          <FormAlert>
            {apiErrorMessage(list.error, 'Could not load your conversations. Try again.')}
          </FormAlert>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void list.refetch()}
          >
            Try again
          </button>
        </div>
      ) : rooms.length === 0 ? (
        <NoRooms filtered={filtered} />
      ) : (
        <>
          <RoomList
            rooms={rooms}
            selectedId={selectedId}
            targetHours={meta?.replyTargetHours ?? DEFAULT_REPLY_TARGET_HOURS}
            now={now}
            onSelect={onSelect}
          />
          {list.hasNextPage ? (
            <div className="p-3">
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
