import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { tempDir } from './fixtures';

let dir: string;
let store: AccountStore;
beforeEach(() => {
  dir = tempDir();
  store = AccountStore.open(join(dir, 'a.sqlite'));
  return () => store.close();
});

const entry = (localId: string) => ({
  localId,
  createdAt: 1000,
  target: { kind: 'channel' as const, channelId: 5, topic: 'hi' },
  channelId: 5,
  topic: 'hi',
  dmKey: null,
  content: 'hello',
});

describe('OutboxRepo', () => {
  it('walks a row through pending, sending, sent and removal', () => {
    const added = store.outbox.add(entry('L1'));
    expect(added).toMatchObject({ localId: 'L1', state: 'pending', attempts: 0, messageId: null, sendError: null });
    expect(added.seq).toBeGreaterThan(0);
    expect(store.outbox.markSending('L1', 1100)).toMatchObject({ state: 'sending', attempts: 1 });
    expect(store.outbox.markSent('L1', 555, 1200)).toMatchObject({ state: 'sent', messageId: 555 });
    expect(store.outbox.byMessageId(555)?.localId).toBe('L1');
    expect(store.outbox.remove('L1')?.localId).toBe('L1');
    expect(store.outbox.get('L1')).toBeNull();
    expect(store.outbox.remove('L1')).toBeNull();
  });

  it('keeps a refused message with its error, and survives a re-open', () => {
    store.outbox.add(entry('L2'));
    store.outbox.markSending('L2', 1);
    store.outbox.markFailed('L2', "Channel 'nowhere' does not exist", 2);
    store.close();
    store = AccountStore.open(join(dir, 'a.sqlite'));
    expect(store.outbox.inState('failed')).toEqual([
      expect.objectContaining({ localId: 'L2', sendError: "Channel 'nowhere' does not exist", content: 'hello' }),
    ]);
    expect(store.outbox.all().map((e) => e.target)).toEqual([{ kind: 'channel', channelId: 5, topic: 'hi' }]);
  });

  it('refuses a second row with the same local ID', () => {
    store.outbox.add(entry('L3'));
    expect(() => store.outbox.add(entry('L3'))).toThrow(/UNIQUE/);
  });
});
