import { describe, expect, it, vi } from 'vitest';
import { message } from '../../testing/fixtures';
import { buildRows, isPrepend } from './rows';

const rowsOf = (ids: number[]) => buildRows(ids.map((id) => message({ id })));

describe('buildRows', () => {
  const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).getTime() / 1000;

  it('puts a recipient bar over each run of messages to one topic, as Zulip groups them', () => {
    const rows = buildRows([
      message({ id: 1, topic: 'a', timestamp: at(20, 9, 0) }),
      // Topics match case-insensitively, as the server treats them.
      message({ id: 2, topic: 'A', timestamp: at(20, 9, 1) }),
      message({ id: 3, topic: 'b', timestamp: at(20, 9, 2) }),
      message({ id: 4, channelId: 2, topic: 'b', timestamp: at(20, 9, 3) }),
      message({ id: 5, channelId: null, topic: '', dmUserIds: [10, 11], timestamp: at(20, 9, 4) }),
      message({ id: 6, channelId: null, topic: '', dmUserIds: [10, 11], timestamp: at(20, 9, 5) }),
      message({ id: 7, channelId: null, topic: '', dmUserIds: [10, 11, 12], timestamp: at(20, 9, 6) }),
    ]);
    expect(rows.map((r) => r.recipientBar)).toEqual([true, false, true, true, true, false, true]);
  });

  it('shows a sender once for their messages in a group on one day, however far apart (Zulip has no time window)', () => {
    const rows = buildRows([
      message({ id: 1, senderId: 11, timestamp: at(20, 9, 0) }),
      message({ id: 2, senderId: 11, timestamp: at(20, 17, 0) }),
      message({ id: 3, senderId: 12, timestamp: at(20, 17, 1) }),
      message({ id: 4, senderId: 11, timestamp: at(20, 17, 2) }),
      // A /me message reads as an action: the sender is named again after it.
      message({ id: 5, senderId: 11, timestamp: at(20, 17, 3), isMe: true }),
      message({ id: 6, senderId: 11, timestamp: at(20, 17, 4) }),
      // Another topic: a new group names the sender again.
      message({ id: 7, senderId: 11, topic: 'other', timestamp: at(20, 17, 5) }),
    ]);
    expect(rows.map((r) => r.continued)).toEqual([false, true, false, false, true, false, false]);
  });

  it('marks a change of day inside a group with a date line, and on a new bar shows the date only when it changed', () => {
    const rows = buildRows([
      message({ id: 1, topic: 'a', timestamp: at(20, 23, 55) }),
      message({ id: 2, topic: 'a', timestamp: at(20, 23, 58) }),
      // The next calendar day in the same topic: a date line, and the sender again.
      message({ id: 3, topic: 'a', timestamp: at(21, 0, 1) }),
      // A new topic on the same day: its bar leaves the date out.
      message({ id: 4, topic: 'b', timestamp: at(21, 0, 2) }),
      // A new topic on a new day: its bar shows the date, and no separate line.
      message({ id: 5, topic: 'c', timestamp: at(22, 8, 0) }),
    ]);
    expect(rows.map((r) => [r.recipientBar, r.dateUnchanged, r.dateDivider, r.continued])).toEqual([
      [true, false, false, false],
      [false, false, false, true],
      [false, false, true, false],
      [true, true, false, false],
      [true, false, false, false],
    ]);
  });

  it('keys a local echo by its localId, so its confirmed copy keeps the row', () => {
    const [echo] = buildRows([message({ id: -1, localId: 'x' })]);
    const [confirmed] = buildRows([message({ id: 5, localId: 'x' })]);
    expect(echo!.key).toBe(confirmed!.key);
    expect(rowsOf([5])[0]!.key).toBe('id:5');
  });
});

describe('isPrepend', () => {
  it('is true only when the start changed and the end did not', () => {
    expect(isPrepend(rowsOf([3, 4]), rowsOf([1, 2, 3, 4]))).toBe(true);
    expect(isPrepend(rowsOf([1, 2, 3, 4]), rowsOf([3, 4]))).toBe(true);
    expect(isPrepend(rowsOf([3, 4]), rowsOf([3, 4, 5]))).toBe(false);
    expect(isPrepend(rowsOf([3, 4]), rowsOf([1, 2, 3]))).toBe(false);
    expect(isPrepend([], rowsOf([1, 2]))).toBe(false);
    expect(isPrepend(rowsOf([1, 2]), [])).toBe(false);
  });
});

describe('buildRows with the previous rows', () => {
  it('keeps the row object of each unchanged message, so the list leaves those rows alone', () => {
    const messages = [1, 2, 3].map((id) => message({ id, senderId: 11 }));
    const first = buildRows(messages);
    const next = buildRows([...messages, message({ id: 4, senderId: 11 })], first);
    expect(next.slice(0, 3)).toEqual(first);
    for (let i = 0; i < 3; i++) expect(next[i]).toBe(first[i]);
  });

  it('makes a new row for a message that changed, or whose grouping changed', () => {
    const messages = [1, 2, 3].map((id) => message({ id, senderId: 11 }));
    const first = buildRows(messages);
    // Message 2 is read now (a new object); message 3 loses its continuation when 2 is removed.
    const read = { ...messages[1]!, read: true };
    const next = buildRows([messages[0]!, read, messages[2]!], first);
    expect(next[0]).toBe(first[0]);
    expect(next[1]).not.toBe(first[1]);
    expect(next[1]!.message).toBe(read);
    const without = buildRows([messages[0]!, message({ id: 5, senderId: 12 }), messages[2]!], first);
    expect(without[2]).not.toBe(first[2]);
    expect(without[2]!.continued).toBe(false);
  });

  it('works out only the new row when a message arrives: the day of each kept row is not read again', () => {
    // The window holds up to a thousand messages; each arriving one used to read every row's day.
    const messages = Array.from({ length: 1000 }, (_, i) => message({ id: i + 1, timestamp: 1_790_000_000 + i * 60 }));
    const first = buildRows(messages);
    const days = vi.spyOn(Date.prototype, 'getDate');
    try {
      const next = buildRows([...messages, message({ id: 1001, timestamp: 1_790_000_000 + 1000 * 60 })], first);
      expect(next).toHaveLength(1001);
      // The new message's day and its predecessor's, to compare them: nothing for the other 999.
      expect(days.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      days.mockRestore();
    }
  });

  it('hands back the previous list itself when no row changed, so nothing that depends on it runs again', () => {
    const messages = [1, 2, 3].map((id) => message({ id, senderId: 11 }));
    const first = buildRows(messages);
    // The same messages filtered again (the Combined feed re-checks muted channels on each sidebar change).
    expect(buildRows([...messages], first)).toBe(first);
    expect(buildRows([...messages, message({ id: 4 })], first)).not.toBe(first);
    expect(buildRows(messages.slice(1), first)).not.toBe(first);
  });
});
