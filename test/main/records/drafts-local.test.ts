/**
 * Drafts without a server (signed out, or synchronization off): typing is held in memory and
 * written in one go after a pause; deletion, listing and restart keep every word.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log';
import { DraftsSync } from '../../../main/records/drafts-sync';
import { AccountStore } from '../../../main/store/account-store';
import { tempDir } from '../store/fixtures';
import { ManualTimers } from './manual-timers';

const log = createLogger({ name: 't', sink: () => {} });

function setup(file = join(tempDir(), 'd.sqlite')) {
  const store = AccountStore.open(file);
  const timers = new ManualTimers();
  let changes = 0;
  const drafts = new DraftsSync({
    store,
    client: null,
    selfUserId: 1,
    log,
    now: () => 1_700_000_000_000 + timers.now,
    syncEnabled: () => false,
    onChanged: () => changes++,
    timers,
    writeDelayMs: 300,
  });
  return { store, timers, drafts, file, changes: () => changes };
}

describe('local drafts', () => {
  it('keeps keystrokes in memory and writes them in batches, at most once per pause', () => {
    const { store, timers, drafts, changes } = setup();
    const to = { kind: 'channel' as const, channelId: 9, topic: 'plans' };
    const { id } = drafts.save({ to, content: 'H' });
    timers.advance(50);
    drafts.save({ id, to, content: 'He' });
    timers.advance(50);
    expect(drafts.save({ id, to, content: 'Hel' })).toEqual({ id });
    timers.advance(199);
    expect(store.drafts.get(id)).toBeNull();
    timers.advance(1);
    expect(store.drafts.get(id)).toMatchObject({
      content: 'Hel',
      type: 'stream',
      to: [9],
      topic: 'plans',
      state: 'dirty',
    });
    expect(changes()).toBe(1);
    // A second of steady typing (a keystroke every 50 ms) costs a handful of writes, not twenty.
    let text = 'Hel';
    for (let i = 0; i < 20; i++) {
      text += 'l';
      drafts.save({ id, to, content: text });
      timers.advance(50);
    }
    timers.advance(300);
    expect(store.drafts.get(id)?.content).toBe(text);
    expect(changes()).toBeLessThanOrEqual(6);
    store.close();
  });

  it('lists newest first (including what was just typed) with a self-DM and an unaddressed draft', () => {
    const { store, timers, drafts } = setup();
    drafts.save({ to: null, content: 'nowhere yet' });
    timers.advance(2000);
    drafts.save({ to: { kind: 'dm', userIds: [] }, content: 'note to self' });
    const page = drafts.list(undefined, 10);
    expect(page.items.map((d) => [d.content, d.to])).toEqual([
      ['note to self', { kind: 'dm', userIds: [] }],
      ['nowhere yet', null],
    ]);
    expect(page.next).toBeNull();
    // The self-DM is addressed to the user on the wire.
    expect(store.drafts.get(page.items[0]!.id)).toMatchObject({ type: 'private', to: [1] });
    store.close();
  });

  it('deletes a never-synced draft outright, and close writes what is pending so a restart has it', () => {
    const { store, drafts, file } = setup();
    const a = drafts.save({ to: null, content: 'a' });
    drafts.flushWrites();
    drafts.delete(a.id);
    expect(store.drafts.get(a.id)).toBeNull();
    const b = drafts.save({ to: null, content: 'typed just before quitting' });
    drafts.close();
    store.close();
    const again = AccountStore.open(file);
    expect(again.drafts.get(b.id)?.content).toBe('typed just before quitting');
    again.close();
  });

  it('pages with an opaque cursor and refuses a forged one', () => {
    const { store, timers, drafts } = setup();
    for (let i = 0; i < 5; i++) {
      drafts.save({ to: null, content: `d${i}` });
      timers.advance(1000);
    }
    const first = drafts.list(undefined, 2);
    const second = drafts.list(first.next!, 2);
    const third = drafts.list(second.next!, 2);
    expect([...first.items, ...second.items, ...third.items].map((d) => d.content)).toEqual([
      'd4',
      'd3',
      'd2',
      'd1',
      'd0',
    ]);
    expect(third.next).toBeNull();
    expect(() => drafts.list('not-a-cursor', 2)).toThrow(/cursor/);
    store.close();
  });
});

describe('pushing while the server cannot be reached', () => {
  it('keeps the draft dirty without an error, to be pushed later', async () => {
    const store = AccountStore.open(join(tempDir(), 'o.sqlite'));
    const { ApiClient } = await import('../../../main/api');
    // Port 9 on loopback: nothing listens, the connection is refused at once.
    const client = new ApiClient({ realmUrl: 'http://127.0.0.1:9', auth: { email: 'a@b', apiKey: 'k' } });
    const drafts = new DraftsSync({
      store,
      client,
      selfUserId: 1,
      log,
      now: () => 1_700_000_000_000,
      syncEnabled: () => true,
      onChanged: () => {},
      timers: new ManualTimers(),
    });
    const { id } = drafts.save({ to: null, content: 'offline words' });
    drafts.flushWrites();
    await drafts.push();
    expect(store.drafts.get(id)).toMatchObject({
      state: 'dirty',
      serverId: null,
      syncError: null,
      content: 'offline words',
    });
    drafts.close();
    store.close();
  });
});
