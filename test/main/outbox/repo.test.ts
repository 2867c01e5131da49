/** The outbox table's rules on a real SQLite file: attempt floors, what may be edited or discarded, order. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { channelMessage, tempDir } from '../store/fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  return () => store.close();
});

const row = (localId: string, content = 'hello') => ({
  localId,
  createdAt: 1000,
  target: { kind: 'channel' as const, channelId: 5, topic: 'hi' },
  channelId: 5,
  topic: 'hi',
  dmKey: null,
  content,
});

describe('outbox rows', () => {
  it('record, at each attempt, the highest message ID known to the cache or an earlier send', () => {
    store.messages.upsertMany([channelMessage(40, 5, 'hi'), channelMessage(70, 5, 'hi')]);
    store.outbox.add(row('a'));
    store.outbox.add(row('b'));
    expect(store.outbox.markSending('a', 1)?.attemptFloorId).toBe(70);
    store.outbox.markSent('a', 90, 2);
    // The server's ID for "a" is not cached yet, but "b" can only get a larger one.
    expect(store.outbox.markSending('b', 3)).toMatchObject({ attemptFloorId: 90, attempts: 1, state: 'sending' });
    expect(store.outbox.markSending('b', 4)?.attempts).toBe(2);
  });

  it('can be edited or discarded only while surely not on the server', () => {
    store.outbox.add(row('pending'));
    store.outbox.add(row('failed'));
    store.outbox.add(row('sending'));
    store.outbox.markFailed('failed', 'No such channel', 1);
    store.outbox.markSending('sending', 1);

    const moved = store.outbox.edit(
      'failed',
      'fixed',
      { target: { kind: 'dm', userIds: [3] }, channelId: null, topic: '', dmKey: '3,9' },
      2,
    );
    expect(moved).toMatchObject({
      content: 'fixed',
      state: 'pending',
      sendError: null,
      target: { kind: 'dm', userIds: [3] },
      channelId: null,
      dmKey: '3,9',
    });
    expect(store.outbox.edit('pending', 'words only', null, 2)).toMatchObject({
      content: 'words only',
      channelId: 5,
      topic: 'hi',
      target: { kind: 'channel', channelId: 5, topic: 'hi' },
    });
    expect(store.outbox.edit('sending', 'too late', null, 2)).toBeNull();
    expect(store.outbox.discard('sending')).toBeNull();
    expect(store.outbox.get('sending')?.content).toBe('hello');
    expect(store.outbox.discard('pending')?.localId).toBe('pending');
    expect(store.outbox.get('pending')).toBeNull();
  });

  it('are worked on oldest first, refused ones left for the user', () => {
    for (const id of ['1', '2', '3']) store.outbox.add(row(id));
    store.outbox.markFailed('2', 'no', 1);
    store.outbox.markSending('3', 1);
    expect(store.outbox.unfinished().map((e) => [e.localId, e.state])).toEqual([
      ['1', 'pending'],
      ['3', 'sending'],
    ]);
  });

  it('find the attempt floor through keys, not table scans', () => {
    const plan = (sql: string) =>
      (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(plan('SELECT max(id) FROM messages')).not.toMatch(/SCAN messages(?! USING)/);
    expect(plan('SELECT max(message_id) FROM outbox')).toMatch(/outbox_by_message/);
    expect(plan("SELECT * FROM outbox WHERE state <> 'failed' ORDER BY id")).not.toMatch(/TEMP B-TREE/);
  });
});
