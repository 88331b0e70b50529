import { useEffect } from 'react';

import { serverEventSchema } from '@/contract/events';
import { ROOM_LIST_TAG, ROOM_THREAD_TAG, UNREAD_TAG } from '@/features/messages/messages.api';
import { buildApiUrl } from '@/lib/api-url';
import { startEventStream } from '@/lib/event-stream';
import { api } from '@/store/api';
import type { StoreExtra } from '@/store/extra';
import { useAppStore } from '@/store/hooks';
import { notificationsChanged } from '@/store/notifications.api';
import { countSet, selectUnreadCount } from '@/store/notifications.slice';

import { useMessagesUnreadCount } from './use-messages-unread';

/** Reads GET /api/events while signed in (mounted inside the signed-in layout only). */
export function ServerEvents({ extra }: { extra: StoreExtra }) {
  const store = useAppStore();
  useMessagesUnreadCount();
  useEffect(() => {
    // The first `ready` comes with sign-in, when everything is loaded anyway; a later one is a
    // reconnect (a dropped network, an API replica restarting), after which events may have been
    // missed: what they would have refreshed (the bell, the Messages badge and an open room list)
    // is loaded again.
    let connectedBefore = false;
    return startEventStream({
      url: buildApiUrl(extra.apiBaseUrl, '/api/events'),
      getToken: () => extra.getToken(false),
      onEvent: (event) => {
        // Every event is checked against the contract; one that does not match is dropped.
        const parsed = serverEventSchema.safeParse(event);
        if (!parsed.success) return;
        const { dispatch } = store;
        switch (parsed.data.type) {
          case 'notification':
            // A new alert is stored on the server: the bell refetches its list and unread count.
            dispatch(notificationsChanged());
            break;
          case 'messages_unread': {
            // The Messages badge takes the new count at once and an open list refetches. When the
            // count rose, new client messages arrived: an open thread refetches too (not when it
            // fell, which is the thread being read).
            const before = selectUnreadCount(store.getState());
            const { count } = parsed.data.data;
            dispatch(countSet(count));
            dispatch(
              api.util.invalidateTags(
                count > before ? [ROOM_LIST_TAG, ROOM_THREAD_TAG] : [ROOM_LIST_TAG],
              ),
            );
            break;
          }
          case 'ready':
            if (connectedBefore) {
              dispatch(notificationsChanged());
              dispatch(api.util.invalidateTags([UNREAD_TAG, ROOM_LIST_TAG]));
            }
            connectedBefore = true;
            break;
          default:
            break;
        }
      },
    });
  }, [store, extra]);
  return null;
}
