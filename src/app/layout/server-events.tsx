import { useEffect } from 'react';

import { buildApiUrl } from '@/lib/api-url';
import { startEventStream } from '@/lib/event-stream';
import type { StoreExtra } from '@/store/extra';
import { useAppDispatch } from '@/store/hooks';
import { notificationAdded, type AppNotification } from '@/store/notifications.slice';

function asNotification(data: unknown): AppNotification | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (typeof record.id !== 'string' || typeof record.title !== 'string') return null;
  return {
    id: record.id,
    title: record.title,
    body: typeof record.body === 'string' ? record.body : '',
    ...(typeof record.href === 'string' ? { href: record.href } : {}),
    createdAt: typeof record.createdAt === 'string' ? record.createdAt : new Date().toISOString(),
  };
}

/** Reads GET /api/events while signed in (mounted inside the signed-in layout only). */
export function ServerEvents({ extra }: { extra: StoreExtra }) {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      startEventStream({
        url: buildApiUrl(extra.apiBaseUrl, '/api/events'),
        getToken: () => extra.getToken(false),
        onEvent: (event) => {
          if (event.type !== 'notification') return;
          const notification = asNotification(event.data);
          if (notification) dispatch(notificationAdded(notification));
        },
      }),
    [dispatch, extra],
  );
  return null;
}
