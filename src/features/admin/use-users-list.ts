import { useState } from 'react';

import type { SortDirection, UserSort } from '@/contract/user';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useListAdminUsersQuery } from './admin.api';

export const USERS_PAGE_SIZE = 25;

/** The orders the Users list offers, as one choice each (column and direction). */
export const USER_ORDERS = {
  newest: { label: 'Newest first', sort: 'createdAt', dir: 'desc' },
  oldest: { label: 'Oldest first', sort: 'createdAt', dir: 'asc' },
  'name-asc': { label: 'Name A–Z', sort: 'name', dir: 'asc' },
  'name-desc': { label: 'Name Z–A', sort: 'name', dir: 'desc' },
  'email-asc': { label: 'Email A–Z', sort: 'email', dir: 'asc' },
  'email-desc': { label: 'Email Z–A', sort: 'email', dir: 'desc' },
  'role-asc': { label: 'Role (admins first)', sort: 'role', dir: 'asc' },
  'sign-in-desc': { label: 'Last sign-in, recent first', sort: 'lastSignInAt', dir: 'desc' },
  'sign-in-asc': { label: 'Last sign-in, longest ago first', sort: 'lastSignInAt', dir: 'asc' },
} as const satisfies Record<string, { label: string; sort: UserSort; dir: SortDirection }>;
export type UserOrder = keyof typeof USER_ORDERS;

/**
 * The Users list as the server pages it: search words (applied 300 ms after typing stops), an
 * order, and pages of 25 walked forwards and back. A new search or order starts at page one.
 */
export function useUsersList() {
  const [search, setSearch] = useState('');
  const [order, setOrderState] = useState<UserOrder>('newest');
  const q = useDebouncedValue(search.trim(), 300);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [appliedQ, setAppliedQ] = useState(q);
  if (appliedQ !== q) {
    setAppliedQ(q);
    setCursors([null]);
  }
  const { sort, dir } = USER_ORDERS[order];
  const cursor = cursors[cursors.length - 1] ?? null;
  const query = useListAdminUsersQuery({ q, sort, dir, cursor, limit: USERS_PAGE_SIZE });
  const pageIndex = cursors.length - 1;
  // A page emptied by deleting its last users steps back to the page before it.
  if (pageIndex > 0 && query.data && !query.isFetching && query.data.items.length === 0) {
    setCursors(cursors.slice(0, -1));
  }

  return {
    search,
    setSearch,
    q,
    order,
    setOrder: (next: UserOrder) => {
      setOrderState(next);
      setCursors([null]);
    },
    query,
    pageIndex,
    firstRow: pageIndex * USERS_PAGE_SIZE + 1,
    next: () => {
      const nextCursor = query.data?.nextCursor;
      if (nextCursor) setCursors((current) => [...current, nextCursor]);
    },
    previous: () => setCursors((current) => (current.length > 1 ? current.slice(0, -1) : current)),
  };
}
