import { describe, expect, it } from 'vitest';

import { describeSync, formatWait, groupByDay, waitingNote } from './messages-format';
import { message } from './messages-fixtures';

const NOW = new Date('2026-11-22T15:00:00');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

describe('waitingNote', () => {
  it('is empty when the user wrote last or the client never wrote', () => {
    expect(waitingNote({ awaitingReply: false, lastClientMessageAt: ago(30) }, 24, NOW)).toBeNull();
    expect(waitingNote({ awaitingReply: true, lastClientMessageAt: null }, 24, NOW)).toBeNull();
  });

  it('says how long the client waited, and in words when it is past the target', () => {
    expect(waitingNote({ awaitingReply: true, lastClientMessageAt: ago(0.25) }, 24, NOW)).toEqual({
      text: 'Waiting 15 min',
      overdue: false,
    });
    expect(waitingNote({ awaitingReply: true, lastClientMessageAt: ago(24) }, 24, NOW)).toEqual({
      text: 'Waiting 24 h',
      overdue: false,
    });
    expect(waitingNote({ awaitingReply: true, lastClientMessageAt: ago(26) }, 24, NOW)).toEqual({
      text: 'Waiting 26 h — past your 24 h target',
      overdue: true,
    });
    expect(waitingNote({ awaitingReply: true, lastClientMessageAt: ago(5) }, 4, NOW)?.text).toBe(
      'Waiting 5 h — past your 4 h target',
    );
  });

  it('counts days past two days, and never less than a minute', () => {
    expect(formatWait(80 * 3_600_000)).toBe('3 d');
    expect(formatWait(-1000)).toBe('1 min');
  });
});

describe('groupByDay', () => {
  it('puts a separator before each new local day: Today, Yesterday, then the date', () => {
    const days = groupByDay(
      [
        message({ id: 'a', sentAt: new Date('2026-11-19T09:00:00').toISOString() }),
        message({ id: 'b', sentAt: new Date('2026-11-21T09:00:00').toISOString() }),
        message({ id: 'c', sentAt: new Date('2026-11-21T18:00:00').toISOString() }),
        message({ id: 'd', sentAt: new Date('2026-11-22T08:00:00').toISOString() }),
      ],
      NOW,
    );
    expect(days.map((day) => [day.label, day.messages.map((item) => item.id)])).toEqual([
      ['Thursday, November 19', ['a']],
      ['Yesterday', ['b', 'c']],
      ['Today', ['d']],
    ]);
  });
});

describe('describeSync', () => {
  it('says what a refresh found', () => {
    expect(describeSync({ rooms: 3, newMessages: 2, leadsCreated: 0, unread: 2 })).toBe(
      'Checked Upwork: 2 new messages.',
    );
    expect(describeSync({ rooms: 3, newMessages: 1, leadsCreated: 1, unread: 1 })).toBe(
      'Checked Upwork: 1 new message, 1 new lead.',
    );
    expect(describeSync({ rooms: 0, newMessages: 0, leadsCreated: 0, unread: 0 })).toBe(
      'Checked Upwork: no new messages.',
    );
  });
});
