import { describe, expect, it } from 'vitest';

import { makeStore } from './index';
import {
  countIncremented,
  countSet,
  formatBadgeCount,
  notificationAdded,
  notificationsCleared,
  selectNotifications,
  selectUnreadCount,
} from './notifications.slice';

const message = (id: string) => ({
  id,
  title: `Message ${id}`,
  body: 'Hello',
  createdAt: '2026-11-22T03:00:00.000Z',
});

describe('notifications slice', () => {
  it('adding one message raises the count by 1 and lists it first', () => {
    const store = makeStore();
    store.dispatch(notificationAdded(message('a')));
    store.dispatch(notificationAdded(message('b')));
    expect(selectUnreadCount(store.getState())).toBe(2);
    expect(selectNotifications(store.getState()).map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('counts a message delivered twice once', () => {
    const store = makeStore();
    store.dispatch(notificationAdded(message('a')));
    store.dispatch(notificationAdded(message('a')));
    expect(selectUnreadCount(store.getState())).toBe(1);
  });

  it('clear all sets the count to 0 and empties the list', () => {
    const store = makeStore();
    store.dispatch(notificationAdded(message('a')));
    store.dispatch(notificationsCleared());
    expect(selectUnreadCount(store.getState())).toBe(0);
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('increments by 1 by default and by a given amount', () => {
    const store = makeStore();
    store.dispatch(countIncremented());
    store.dispatch(countIncremented(4));
    expect(selectUnreadCount(store.getState())).toBe(5);
  });

  it('sets the count directly', () => {
    const store = makeStore();
    store.dispatch(countSet(42));
    expect(selectUnreadCount(store.getState())).toBe(42);
  });
});

describe('formatBadgeCount', () => {
  it.each([
    [0, null],
    [5, '5'],
    [99, '99'],
    [100, '99+'],
    [1234, '99+'],
  ])('%i -> %s', (count, label) => {
    expect(formatBadgeCount(count)).toBe(label);
  });
});
