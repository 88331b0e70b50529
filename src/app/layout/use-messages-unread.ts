import { useMessagesUnreadCountQuery } from '@/features/messages/messages.api';

/**
 * Loads the Messages badge's count once signed in (GET /api/messages/unread-count); every answer
 * sets the count, and `messages_unread` server events keep it current after that.
 */
export function useMessagesUnreadCount(): void {
  useMessagesUnreadCountQuery();
}
