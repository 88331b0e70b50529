import type { Message, MessageRoom, RoomThread } from '@/contract/messages';

/** Rooms, messages and threads as the messages API answers them, for the screen's tests. */

export const ROOM_ID = '3f6d2a10-5b7c-4d8e-9f01-2a3b4c5d6e7f';
export const OTHER_ROOM_ID = '4a7e3b21-6c8d-4e9f-8a12-3b4c5d6e7f80';
export const LEAD_ID = '5b8f4c32-7d9e-4fa0-9b23-4c5d6e7f8091';
export const RESPONSE_ID = '6c905d43-8eaf-4ab1-8c34-5d6e7f8091a2';
export const QUOTE_ID = '7da16e54-9fb0-4bc2-9d45-6e7f8091a2b3';

const HOUR = 3_600_000;

/** An ISO time `hours` before now. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

export function room(overrides: Partial<MessageRoom> = {}): MessageRoom {
  return {
    id: ROOM_ID,
    externalId: 'room_1',
    name: 'React dashboard for logistics',
    clientName: 'Grace Client',
    unread: 2,
    latestPreview: 'Are you available for a call on Tuesday?',
    lastMessageAt: hoursAgo(26.2),
    lastClientMessageAt: hoursAgo(26.2),
    awaitingReply: true,
    leadId: null,
    responseId: RESPONSE_ID,
    quoteId: null,
    ...overrides,
  };
}

export function message(overrides: Partial<Message> = {}): Message {
  return {
    id: '8eb27f65-a0c1-4cd3-8e56-7f8091a2b3c4',
    roomId: ROOM_ID,
    authorName: 'Grace Client',
    fromClient: true,
    body: 'Are you available for a call on Tuesday?',
    sentAt: hoursAgo(26),
    origin: 'upwork',
    ...overrides,
  };
}

export function thread(overrides: Partial<RoomThread> = {}): RoomThread {
  return {
    room: room(),
    messages: [
      message({
        id: '9fc38076-b1d2-4de4-9f67-8091a2b3c4d5',
        authorName: 'Ada Lovelace',
        fromClient: false,
        body: 'Thanks for the invite, here is my proposal.',
        sentAt: hoursAgo(72),
      }),
      message(),
    ],
    context: {
      lead: null,
      response: { id: RESPONSE_ID, jobTitle: 'React dashboard for logistics', status: 'sent' },
      quote: { id: QUOTE_ID, title: 'Dashboard build', status: 'sent' },
    },
    ...overrides,
  };
}

export function roomList(
  items: MessageRoom[],
  overrides: Partial<{
    connected: boolean;
    lastSyncAt: string | null;
    replyTargetHours: number;
  }> = {},
) {
  return {
    items,
    nextCursor: null,
    connected: true,
    lastSyncAt: hoursAgo(0.1),
    replyTargetHours: 24,
    ...overrides,
  };
}
