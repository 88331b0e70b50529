import type { z } from 'zod';

import type {
  ListRoomsQuery,
  Message,
  MessageSyncResult,
  RoomThread,
  messageSettingsSchema,
  roomListSchema,
  unreadCountSchema,
} from '@/contract/messages';
import { api } from '@/store/api';
import { countSet } from '@/store/notifications.slice';

export type RoomList = z.infer<typeof roomListSchema>;
export type MessageSettings = z.infer<typeof messageSettingsSchema>;
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** The room list (every page of it). */
export const ROOM_LIST_TAG = { type: 'Message' as const, id: 'LIST' };
/** Every open thread: refetched when new messages may have arrived. */
export const ROOM_THREAD_TAG = { type: 'Message' as const, id: 'THREAD' };
/** The sum of unread counts behind the sidebar badge. */
export const UNREAD_TAG = { type: 'Message' as const, id: 'UNREAD' };
const SETTINGS_TAG = { type: 'Message' as const, id: 'SETTINGS' };

/** How many rooms one page of the list loads. */
export const ROOMS_PAGE_SIZE = 50;

/** The list filters (the page size and cursor are added per request). */
export type RoomListFilters = Pick<ListRoomsQuery, 'q' | 'unread'>;

/** The filters as query parameters: empty values are left out. */
export function roomListParams(filters: RoomListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q) params.q = filters.q;
  if (filters.unread === 'true') params.unread = 'true';
  return params;
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/messages/rooms: newest activity first, one page per cursor. */
    listRooms: build.infiniteQuery<RoomList, RoomListFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
        maxPages: 50,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/messages/rooms',
        params: {
          ...roomListParams(queryArg),
          limit: ROOMS_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      providesTags: [ROOM_LIST_TAG],
    }),
    /** GET /api/messages/rooms/:id: the thread and its context; the server marks it read. */
    roomThread: build.query<RoomThread, string>({
      query: (id) => `/api/messages/rooms/${id}`,
      providesTags: [ROOM_THREAD_TAG],
    }),
    sendMessage: build.mutation<Message, { roomId: string; body: string }>({
      query: ({ roomId, body }) => ({
        url: `/api/messages/rooms/${roomId}/messages`,
        method: 'POST',
        body: { body },
      }),
      // The sent message joins the open thread at once; refetching it would count as a new view.
      async onQueryStarted({ roomId }, { dispatch, queryFulfilled }) {
        try {
          const { data: sent } = await queryFulfilled;
          dispatch(
            messagesApi.util.updateQueryData('roomThread', roomId, (draft) => {
              if (draft.messages.some((message) => message.id === sent.id)) return;
              draft.messages.push(sent);
              draft.room.awaitingReply = false;
              draft.room.lastMessageAt = sent.sentAt;
              draft.room.latestPreview = sent.body;
            }),
          );
        } catch {
          // The composer shows the error and keeps the text.
        }
      },
      invalidatesTags: (result) => (result ? [ROOM_LIST_TAG] : []),
    }),
    /** POST /api/messages/refresh: checks Upwork now. */
    refreshMessages: build.mutation<MessageSyncResult, void>({
      query: () => ({ url: '/api/messages/refresh', method: 'POST' }),
      invalidatesTags: (result) => (result ? [ROOM_LIST_TAG, ROOM_THREAD_TAG, UNREAD_TAG] : []),
    }),
    /** GET /api/messages/unread-count: every answer sets the sidebar's Messages badge. */
    messagesUnreadCount: build.query<UnreadCount, void>({
      query: () => '/api/messages/unread-count',
      providesTags: [UNREAD_TAG],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(countSet(data.count));
        } catch {
          // The badge keeps its count; the event stream corrects it on the next change.
        }
      },
    }),
    messageSettings: build.query<MessageSettings, void>({
      query: () => '/api/messages/settings',
      providesTags: [SETTINGS_TAG],
    }),
    updateMessageSettings: build.mutation<MessageSettings, MessageSettings>({
      query: (body) => ({ url: '/api/messages/settings', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [SETTINGS_TAG, ROOM_LIST_TAG] : []),
    }),
    /** POST /api/messages/rooms/:id/lead: creates (or links) the lead of this room. */
    createRoomLead: build.mutation<{ leadId: string }, string>({
      query: (roomId) => ({ url: `/api/messages/rooms/${roomId}/lead`, method: 'POST' }),
      // The open thread's panel links the lead at once (a refetch would count as a new view).
      async onQueryStarted(roomId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            messagesApi.util.updateQueryData('roomThread', roomId, (draft) => {
              draft.room.leadId = data.leadId;
              if (draft.context.lead?.id !== data.leadId)
                draft.context.lead = {
                  id: data.leadId,
                  contactName: draft.room.clientName,
                  stage: 'new',
                };
            }),
          );
        } catch {
          // The panel shows the error.
        }
      },
      invalidatesTags: (result) => (result ? [ROOM_LIST_TAG, 'Lead'] : []),
    }),
  }),
});

export const {
  useListRoomsInfiniteQuery,
  useRoomThreadQuery,
  useSendMessageMutation,
  useRefreshMessagesMutation,
  useMessagesUnreadCountQuery,
  useMessageSettingsQuery,
  useUpdateMessageSettingsMutation,
  useCreateRoomLeadMutation,
} = messagesApi;
