import { clsx } from 'clsx';
import { Mail, MessagesSquare, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { FormAlert, FormStatus } from '@/components/ui/form-feedback';
import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { DEFAULT_REPLY_TARGET_HOURS } from '@/contract/messages';
import { apiErrorMessage } from '@/lib/api-error-message';

import { describeSync, formatRoomTime } from './messages-format';
import { useRefreshMessagesMutation } from './messages.api';
import { ReplyTargetSetting } from './reply-target-setting';
import { RoomThread } from './room-thread';
import { RoomsPane, useRoomList } from './rooms-pane';

/** The clock the waiting times are measured against, moved on every minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function NotConnected() {
  return (
    <EmptyState
      icon={<Mail className="size-8" />}
      title="Upwork is not connected"
      description="Messages come from your Upwork conversations. Connect your Upwork account in Settings and your rooms and messages show here, with replies sent from Bidwright."
      action={
        <Link to={paths.settingsAccount} className={buttonClass.primary}>
          Connect Upwork in Settings
        </Link>
      }
    />
  );
}

/** "Refresh" checks Upwork now and says what it found, or why it could not. */
function useRefresh() {
  const [refresh, refreshing] = useRefreshMessagesMutation();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    setNote(null);
    const result = await refresh();
    if ('error' in result)
      setNote({
        ok: false,
        text: apiErrorMessage(result.error, 'Could not check Upwork. Try again.'),
      });
    else setNote({ ok: true, text: describeSync(result.data) });
  };
  return { run, busy: refreshing.isLoading, note };
}

function NoRoomSelected() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center text-sm text-slate-600 dark:text-slate-300">
      <MessagesSquare className="size-8" aria-hidden="true" />
      <p>Choose a conversation to read it and reply.</p>
    </div>
  );
}

/**
 * /messages: the user's Upwork conversations. Two panes (list | thread) from 768 px up; on a phone
 * one at a time, with Back. The open room is `?room=<id>` in the address.
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const roomId = params.get('room');
  const now = useMinuteClock();
  const rooms = useRoomList();
  const refresh = useRefresh();
  const meta = rooms.meta;
  const targetHours = meta?.replyTargetHours ?? DEFAULT_REPLY_TARGET_HOURS;

  const selectRoom = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('room', id);
          else next.delete('room');
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  const notConnected = meta !== null && !meta.connected;
  const showEmptyConnect = notConnected && rooms.rooms.length === 0 && !rooms.filtered;

  return (
    <>
      <PageHeader
        title="Messages"
        description="Your Upwork conversations in one place: read, reply and draft answers with AI."
        actions={
          meta?.connected ? (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={refresh.busy}
              onClick={() => void refresh.run()}
            >
              <RefreshCw
                className={clsx('size-4', refresh.busy && 'animate-spin')}
                aria-hidden="true"
              />
              {refresh.busy ? 'Checking Upwork…' : 'Refresh'}
            </button>
          ) : null
        }
      />
      {showEmptyConnect ? (
        <NotConnected />
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <div className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
              {meta ? (
                <p>
                  {meta.lastSyncAt
                    ? `Last checked ${formatRoomTime(meta.lastSyncAt, now)}`
                    : 'Not checked with Upwork yet'}
                </p>
              ) : null}
              {notConnected ? (
                <p>
                  Upwork is not connected, so no new messages arrive.{' '}
                  <Link
                    to={paths.settingsAccount}
                    className="font-medium text-indigo-700 underline dark:text-indigo-300"
                  >
                    Connect it in Settings
                  </Link>
                </p>
              ) : null}
              {refresh.note?.ok ? <FormStatus>{refresh.note.text}</FormStatus> : null}
              {refresh.note && !refresh.note.ok ? <FormAlert>{refresh.note.text}</FormAlert> : null}
            </div>
            {meta ? <ReplyTargetSetting hours={targetHours} /> : null}
          </div>
          <div className="grid min-h-[28rem] overflow-hidden rounded-xl border border-slate-200 bg-white md:grid-cols-[minmax(16rem,2fr)_3fr] dark:border-slate-800 dark:bg-slate-900">
            <div
              className={clsx(
                'min-w-0 border-slate-200 md:border-r dark:border-slate-800',
                roomId ? 'hidden md:block' : 'block',
              )}
            >
              <RoomsPane state={rooms} selectedId={roomId} now={now} onSelect={selectRoom} />
            </div>
            <div className={clsx('min-w-0', roomId ? 'block' : 'hidden md:block')}>
              {roomId ? (
                <RoomThread
                  roomId={roomId}
                  targetHours={targetHours}
                  now={now}
                  onBack={() => selectRoom(null)}
                />
              ) : (
                <NoRoomSelected />
              )}
            </div>
          </div>
        </>
      )}
    </>
  );
}
