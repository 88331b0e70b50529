import { useEffect } from 'react';

import { serverEventSchema } from '@/contract/events';
import { buildApiUrl } from '@/lib/api-url';
import { startEventStream } from '@/lib/event-stream';
import type { StoreExtra } from '@/store/extra';
import { useAppDispatch } from '@/store/hooks';
import { notificationsChanged } from '@/store/notifications.api';

/** Reads GET /api/events while signed in (mounted inside the signed-in layout only). */
export function ServerEvents({ extra }: { extra: StoreExtra }) {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      startEventStream({
        url: buildApiUrl(extra.apiBaseUrl, '/api/events'),
        getToken: () => extra.getToken(false),
        onEvent: (event) => {
          // Every event is checked against the contract; one that does not match is dropped.
          // A new alert is stored on the server: the bell refetches its list and unread count.
          const parsed = serverEventSchema.safeParse(event);
          if (parsed.success && parsed.data.type === 'notification') {
            dispatch(notificationsChanged());
          }
        },
      }),
    [dispatch, extra],
  );
  return null;
}
