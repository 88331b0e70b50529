import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../plugins/events.ts';
import { unreadTotal } from './repo.ts';

/**
 * The Messages badge: the sum of the user's rooms' unread counts. Whoever changes a count
 * publishes the new total over the event stream when it differs from the total before.
 */
export async function publishUnreadIfChanged(
  db: Database,
  events: EventBus,
  userId: string,
  before: number,
): Promise<number> {
  const count = await unreadTotal(db, userId);
  if (count !== before) events.publish(userId, { type: 'messages_unread', data: { count } });
  return count;
}
