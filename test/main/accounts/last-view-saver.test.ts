/** The open view, remembered for the next launch a moment after the page asked, on a real app store file. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Narrow } from '../../../common/model';
import { LastViewSaver } from '../../../main/accounts/last-view-saver';
import { createLogger } from '../../../main/log';
import { AppStore, type AccountRecord } from '../../../main/store/app-store';
import { tempDir } from '../store/fixtures';

const record = (id: string): AccountRecord => ({
  id,
  realmUrl: `https://${id}.example.com`,
  email: `me@${id}.example.com`,
  userId: 7,
  fullName: 'Me',
  realmName: id,
  realmIcon: null,
  featureLevel: 400,
  createdAt: 1,
});
const channel = (channelId: number): Narrow => ({ kind: 'channel', channelId });

const open: AppStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

function storeWith(...ids: string[]): { store: AppStore; dir: string; rowsWritten: () => number } {
  const dir = tempDir();
  const store = AppStore.open(dir);
  open.push(store);
  for (const id of ids) store.saveAccount(record(id));
  const changes = store.db.prepare('SELECT total_changes()').pluck();
  const base = changes.get() as number;
  return { store, dir, rowsWritten: () => (changes.get() as number) - base };
}

describe('the last view saver', () => {
  it('writes nothing while the view is being opened, answers what waits, and writes a burst once', async () => {
    const { store, rowsWritten } = storeWith('a');
    const saver = new LastViewSaver(store, undefined, 30);
    saver.note('a', channel(1), 10);
    saver.note('a', channel(2), 20);
    saver.note('a', channel(3), 30);
    // Nothing on disk yet: the page's messages:page comes first on this thread.
    expect(rowsWritten()).toBe(0);
    expect(store.lastView('a')).toBeNull();
    expect(saver.lastView('a')).toEqual(channel(3));
    expect(saver.activeAccountId()).toBe('a');
    await vi.waitFor(() => expect(store.lastView('a')).toEqual(channel(3)), { timeout: 5_000, interval: 10 });
    // One view row and the active account's setting: the two earlier views were never written.
    expect(rowsWritten()).toBe(2);
    expect(store.activeAccountId()).toBe('a');
  });

  it('writes nothing when the view opened is the one remembered (every warm start)', () => {
    const { store, rowsWritten } = storeWith('a');
    store.setLastView('a', channel(4), 1);
    store.setActiveAccount('a');
    const before = rowsWritten();
    const saver = new LastViewSaver(store, undefined, 10_000);
    saver.note('a', channel(4), 50);
    saver.flush();
    expect(rowsWritten()).toBe(before);
  });

  it('keeps every account it was told of, and the last of them as the active one, when flushed', () => {
    const { store, dir } = storeWith('a', 'b');
    const saver = new LastViewSaver(store, undefined, 10_000);
    saver.note('a', channel(1), 10);
    saver.note('b', { kind: 'dm', userIds: [3, 7] }, 20);
    saver.flush();
    store.close();
    open.splice(open.indexOf(store), 1);
    // Read back as the next launch does, from the file.
    const again = AppStore.open(dir);
    open.push(again);
    expect(again.lastView('a')).toEqual(channel(1));
    expect(again.lastView('b')).toEqual({ kind: 'dm', userIds: [3, 7] });
    expect(again.activeAccountId()).toBe('b');
  });

  it('says so in the log, and throws nowhere, when the disk refuses the timed write', async () => {
    const { store } = storeWith('a');
    const lines: string[] = [];
    const saver = new LastViewSaver(
      store,
      createLogger({ name: 'test', level: 'warn', sink: (l) => lines.push(l) }),
      10,
    );
    store.db.pragma('query_only = ON');
    saver.note('a', channel(5), 10);
    await vi.waitFor(() => expect(lines.join('\n')).toMatch(/could not save the open view/), { timeout: 5_000 });
    store.db.pragma('query_only = OFF');
    expect(store.lastView('a')).toBeNull();
  });

  it('does nothing once the store is closed', () => {
    const { store } = storeWith('a');
    const saver = new LastViewSaver(store, undefined, 10_000);
    saver.note('a', channel(1), 10);
    store.close();
    open.splice(open.indexOf(store), 1);
    expect(() => saver.flush()).not.toThrow();
  });
});
