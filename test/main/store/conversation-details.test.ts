/**
 * Recent conversations' participants and last-message time come from the cache in one statement
 * per kind, whatever the number of rows: each row's latest messages through its index.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { DM_SENDERS_SQL, SENDER_WINDOW, TOPIC_SENDERS_SQL } from '../../../main/store/repos/conversation-details';
import { channelMessage, dmMessage, tempDir } from './fixtures';

const T0 = 1_700_000_000;
let store: AccountStore;
beforeAll(() => {
  store = AccountStore.open(join(tempDir(), 'details.sqlite'));
  const who = (senderId: number) => ({
    senderId,
    senderFullName: `Person ${senderId}`,
    avatarUrl: `/avatar/${senderId}`,
  });
  store.messages.upsertMany([
    // Topic "Plans" in channel 1: people 1, 2, 3 in turn, then 2 again last.
    channelMessage(10, 1, 'Plans', who(1)),
    channelMessage(11, 1, 'plans', who(2)),
    channelMessage(12, 1, 'Plans', who(3)),
    channelMessage(13, 1, 'Plans', { ...who(2), timestamp: T0 + 500 }),
    // Another topic of the same channel, and a DM.
    channelMessage(14, 1, 'Other', who(4)),
    dmMessage(20, '1,7', who(7)),
    dmMessage(21, '1,7', { ...who(1), timestamp: T0 + 900 }),
    // A long topic: seven people long ago, then SENDER_WINDOW messages by person 8 alone.
    ...Array.from({ length: 7 }, (_, i) => channelMessage(100 + i, 2, 'long', who(20 + i))),
    ...Array.from({ length: SENDER_WINDOW }, (_, i) => channelMessage(1000 + i, 2, 'long', who(8))),
  ]);
  return () => store.close();
});

describe('conversation details', () => {
  it('lists each conversation’s senders, the most recent first, with its newest message’s time', () => {
    const [plans, dm, none] = store.conversationDetails.details([
      { kind: 'topic', channelId: 1, topic: 'PLANS' },
      { kind: 'dm', dmKey: '1,7' },
      { kind: 'topic', channelId: 9, topic: 'never cached' },
    ]);
    expect(plans!.participants.map((p) => p.name)).toEqual(['Person 2', 'Person 3', 'Person 1']);
    expect(plans!.participants[0]).toEqual({ userId: 2, name: 'Person 2', avatarUrl: '/avatar/2' });
    expect(plans!.participantCount).toBe(3);
    expect(plans!.lastTimestamp).toBe(T0 + 500);
    expect(dm!.participants.map((p) => p.userId)).toEqual([1, 7]);
    expect(dm!.lastTimestamp).toBe(T0 + 900);
    expect(none).toEqual({ participants: [], participantCount: 0, lastTimestamp: null });
  });

  it('counts the senders of the latest messages only, so a long conversation costs a bounded walk', () => {
    const [long] = store.conversationDetails.details([{ kind: 'topic', channelId: 2, topic: 'long' }]);
    expect(long!.participants.map((p) => p.userId)).toEqual([8]);
    expect(long!.participantCount).toBe(1);
  });

  it('prefers the user’s current name over the one a message was sent under', () => {
    const user = { email: 'p3@example.com', avatarUrl: null, role: 400, isBot: false, isActive: true, extra: {} };
    store.users.upsert({ ...user, id: 3, fullName: 'Renamed Three' });
    const [plans] = store.conversationDetails.details([{ kind: 'topic', channelId: 1, topic: 'Plans' }]);
    expect(plans!.participants.find((p) => p.userId === 3)?.name).toBe('Renamed Three');
  });

  it('walks the topic and DM indexes, never scanning the messages table', () => {
    for (const [sql, index, arg] of [
      [TOPIC_SENDERS_SQL, 'messages_by_topic', '[[1,"plans"]]'],
      [DM_SENDERS_SQL, 'messages_by_dm', '["1,7"]'],
    ] as const) {
      const detail = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(arg) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n');
      expect(detail).toContain(`USING COVERING INDEX ${index}`);
      expect(detail).not.toMatch(/SCAN m\b|SCAN messages\b/);
    }
  });
});
