/**
 * A batch's notifications, one per conversation (main/notifications/coalesce.ts): a burst in one
 * conversation rings once with a count, conversations stay apart (a topic whatever its case), and
 * past a few conversations the rest share one notification that opens the Combined feed.
 */
import { describe, expect, it } from 'vitest';
import { coalesceNotifications, MAX_CONVERSATIONS_PER_BATCH } from '../../../main/notifications/coalesce';
import type { PendingNotification } from '../../../main/notifications/dispatch';

let nextId = 100;
const dm = (from: string, userIds: number[], body: string): PendingNotification => ({
  title: `${from} (to you)`,
  body,
  narrow: { kind: 'dm', userIds },
  messageId: nextId++,
  reason: 'direct-message',
});
const topic = (from: string, channelId: number, name: string, body: string): PendingNotification => ({
  title: `${from} (#design > ${name})`,
  body,
  narrow: { kind: 'topic', channelId, topic: name },
  messageId: nextId++,
  reason: 'mention',
});

describe('coalesceNotifications', () => {
  it('leaves a batch of one conversation with one message as it is', () => {
    const one = dm('Alice', [11], 'hi');
    expect(coalesceNotifications([one])).toEqual([one]);
    expect(coalesceNotifications([])).toEqual([]);
  });

  it('rings once per conversation: its newest message, with how many came before it', () => {
    const a1 = dm('Alice', [11], 'one');
    const b1 = topic('Bob', 5, 'Logo', 'see @Me');
    const a2 = dm('Alice', [11], 'two');
    const b2 = topic('Cleo', 5, 'logo', '@Me thoughts?');
    const a3 = dm('Alice', [11], 'three');
    expect(coalesceNotifications([a1, b1, a2, b2, a3])).toEqual([
      { ...a3, body: 'three\n(and 2 earlier messages)' },
      { ...b2, body: '@Me thoughts?\n(and 1 earlier message)' },
    ]);
  });

  it('past a few conversations, names the rest in one notification that opens the Combined feed', () => {
    const batch = [
      topic('Bob', 5, 'old', 'a'),
      dm('Dan', [14], 'b'),
      dm('Dan', [14], 'c'),
      dm('Eve', [15, 16], 'd'),
      topic('Bob', 6, 'fresh', 'e'),
      dm('Fay', [17], 'f'),
      dm('Gus', [18], 'g'),
      dm('Hal', [19], 'h'),
    ];
    const shown = coalesceNotifications(batch);
    expect(shown).toHaveLength(MAX_CONVERSATIONS_PER_BATCH + 1);
    expect(shown.slice(0, 3).map((n) => n.body)).toEqual(['h', 'g', 'f']);
    expect(shown[3]).toEqual({
      title: '5 more new messages in 4 conversations',
      body: '#design > fresh, Eve, Dan and 1 more',
      narrow: { kind: 'all' },
      messageId: batch[4]!.messageId,
      reason: 'mention',
    });
  });
});
