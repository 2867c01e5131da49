/**
 * A batch of events that changes nothing in the cache writes nothing, not even its last_event_id
 * (issue 28: the server's flag event for a read the cache already had was one of three commits per
 * incoming message). The ID is saved with the next batch that writes, or when the loop stops.
 * Counted on a real SQLite file with SQLite's own count of changed rows.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { tempDir } from '../store/fixtures';
import { channelWire, event, messageEvent, register } from './fixtures';
import { engineOver, ScriptedApi } from './scripted';

let store: AccountStore | null = null;
afterEach(() => store?.close());

const readFlag = (id: number, messages: number[]) =>
  event({ id, type: 'update_message_flags', op: 'add', flag: 'read', messages, all: false });

describe('a batch that changes nothing', () => {
  it('writes nothing; its last_event_id is saved with the next write, or at stop', async () => {
    const s = (store = AccountStore.open(join(tempDir(), 'a.sqlite')));
    const api = new ScriptedApi();
    const engine = engineOver(s, api);
    const changesAt: number[] = [];
    const saved = () => s.syncState.get().lastEventId;
    api.registers.push(register('q1', 3));
    api.polls.push(
      [messageEvent(4, channelWire(100, 10, 'hello'))],
      () => {
        // The reader saw it: the cache has it read before the server's flag event comes.
        s.transaction(() => s.unreads.remove([100]));
        changesAt.push(s.changeCount());
        return [readFlag(5, [100])];
      },
      () => {
        changesAt.push(s.changeCount());
        return [event({ id: 6, type: 'heartbeat' })];
      },
      () => {
        changesAt.push(s.changeCount());
        expect(saved()).toBe(4);
        return [messageEvent(7, channelWire(101, 10, 'hello'))];
      },
      () => {
        changesAt.push(s.changeCount());
        return [readFlag(8, [101])];
      },
    );
    engine.start();
    await api.idle();
    expect(api.calls.at(-1)).toBe('events q1 after 8');
    const [beforeFlag, afterFlag, afterHeartbeat, afterMessage] = changesAt;
    expect(afterFlag).toBe(beforeFlag);
    expect(afterHeartbeat).toBe(beforeFlag);
    expect(afterMessage).toBeGreaterThan(afterHeartbeat!);
    // The next batch that wrote carried the ID; the last one (a real read) wrote its own.
    expect(saved()).toBe(8);
    expect(s.unreads.isUnread(101)).toBe(false);
    await engine.stop();
  });

  it('has its last_event_id saved when the loop stops', async () => {
    const s = (store = AccountStore.open(join(tempDir(), 'a.sqlite')));
    const api = new ScriptedApi();
    const engine = engineOver(s, api);
    api.registers.push(register('q1', 3));
    api.polls.push([messageEvent(4, channelWire(100, 10, 'hello'))], [event({ id: 9, type: 'heartbeat' })]);
    engine.start();
    await api.idle();
    expect(s.syncState.get().lastEventId).toBe(4);
    await engine.stop();
    expect(s.syncState.get()).toMatchObject({ queueId: 'q1', lastEventId: 9 });
  });
});
