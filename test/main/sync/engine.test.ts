import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountStatus } from '../../../common/model';
import { ApiError, NetworkError, ProtocolError } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { NEWEST } from '../../../main/store/narrows';
import type { Delta } from '../../../main/sync/deltas';
import { EVENTS_PER_TRANSACTION } from '../../../main/sync/apply-batch';
import { SyncEngine } from '../../../main/sync/engine';
import { tempDir } from '../store/fixtures';
import { SELF, channelWire, event, messageEvent, register } from './fixtures';
import { FakeClock, ScriptedApi } from './scripted';

let store: AccountStore;
let api: ScriptedApi;
let clock: FakeClock;
let statuses: AccountStatus[];
let deltas: Delta[][];
let registered: number;
let engine: SyncEngine;
const logLines: string[] = [];

beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  api = new ScriptedApi();
  clock = new FakeClock();
  statuses = [];
  deltas = [];
  registered = 0;
  logLines.length = 0;
  engine = newEngine(clock);
});

/** An engine over this test's store and scripted API, recording statuses, deltas and registers. */
function newEngine(withClock: FakeClock): SyncEngine {
  return new SyncEngine({
    store,
    api,
    clock: withClock,
    log: createLogger({ name: 'test', level: 'debug', sink: (line) => logLines.push(line) }),
    selfUserId: SELF,
    onStatus: (s) => statuses.push(s),
    onDeltas: (d) => deltas.push(d),
    onRegistered: async () => {
      registered += 1;
    },
  });
}

afterEach(async () => {
  await engine.stop();
  store.close();
});

async function runUntilIdle(): Promise<void> {
  engine.start();
  await api.idle();
}

const states = () => statuses.map((s) => s.state);
const bad = (code: string, httpStatus = 400) => new ApiError({ message: `error ${code}`, code, httpStatus });
const unreachable = () => new NetworkError('unreachable', 'Could not reach chat.example.com: connection refused');

describe('SyncEngine', () => {
  it('registers, stores the snapshot, applies a batch with its last_event_id and publishes deltas', async () => {
    api.registers.push(register('q1', 3));
    api.polls.push([messageEvent(4, channelWire(100, 10, 'hello')), event({ id: 6, type: 'heartbeat' })]);
    await runUntilIdle();

    expect(api.calls).toEqual(['register', 'events q1 after 3', 'events q1 after 6']);
    expect(states()).toEqual(['connecting', 'live']);
    expect(registered).toBe(1);
    expect(store.users.all().map((u) => u.fullName)).toEqual(['Bea', 'Cy', 'Me']);
    expect(store.channels.subscribed().map((c) => c.name)).toEqual(['design', 'general']);
    expect(store.unreads.countsByDm()).toEqual([{ dmKey: '1,2', count: 1, maxId: 5 }]);
    expect(store.realm.getString('realm_empty_topic_display_name', '')).toBe('general chat');
    expect(store.syncState.get()).toMatchObject({
      queueId: 'q1',
      lastEventId: 6,
      featureLevel: 420,
      longpollTimeoutSeconds: 30,
    });
    expect(store.messages.getByIds([100])[0]).toMatchObject({ channelId: 10, topic: 'hello', read: false });
    expect(deltas).toEqual([
      [
        { kind: 'messagesAdded', ids: [100] },
        { kind: 'sidebarChanged', touched: { channels: [10] } },
      ],
    ]);
  });

  it('backs off with jittered doubling from 0.1 s to 10 s, polls with dont_block while recovering, then resets', async () => {
    api.registers.push(register('q1', 0));
    for (let i = 0; i < 9; i++) api.polls.push(unreachable());
    api.polls.push([]);
    api.polls.push(unreachable());
    await runUntilIdle();

    // random() is 0.5, so each delay is 3/4 of its ceiling: 100, 200, ... capped at 10 000.
    expect(clock.sleeps).toEqual([75, 150, 300, 600, 1200, 2400, 4800, 7500, 7500, 75]);
    expect(api.calls.slice(1, 4)).toEqual([
      'events q1 after 0',
      'events q1 after 0 dont_block',
      'events q1 after 0 dont_block',
    ]);
    const offline = statuses.find((s) => s.state === 'offline');
    expect(offline).toEqual({
      state: 'offline',
      message: 'Could not reach chat.example.com: connection refused',
      retryInMs: 75,
    });
    expect(states().filter((s) => s === 'live').length).toBeGreaterThanOrEqual(2);
  });

  it('waits exactly as long as Retry-After says', async () => {
    api.registers.push(register('q1', 0));
    api.polls.push(
      new ApiError({
        message: 'API usage exceeded rate limit',
        code: 'RATE_LIMIT_HIT',
        httpStatus: 429,
        retryAfterMs: 2500,
      }),
    );
    await runUntilIdle();
    expect(clock.sleeps).toEqual([2500]);
    expect(statuses).toContainEqual({
      state: 'offline',
      message: 'The server asked us to slow down.',
      retryInMs: 2500,
    });
  });

  it('re-registers at once when the queue is gone, replacing the snapshot and closing open ranges', async () => {
    api.registers.push(register('q1', 0));
    api.polls.push(bad('BAD_EVENT_QUEUE_ID'));
    api.registers.push(
      register('q2', 50, { realm_users: [{ user_id: SELF, email: 'me@example.com', full_name: 'Me again' }] }),
    );
    store.messages.upsertMany([]);
    store.ranges.add('channel:10', 0, NEWEST);
    await runUntilIdle();

    expect(api.calls).toEqual(['register', 'events q1 after 0', 'register', 'events q2 after 50']);
    expect(clock.sleeps).toEqual([]);
    expect(registered).toBe(2);
    expect(store.syncState.get().queueId).toBe('q2');
    expect(store.users.all().map((u) => u.fullName)).toEqual(['Me again']);
    // Nothing cached in channel 10, so its range shrinks to its lower end: no longer "up to newest".
    expect(store.ranges.list('channel:10')).toEqual([{ lo: 0, hi: 0 }]);
  });

  it('backs off when queues keep getting lost, instead of spinning', async () => {
    api.registers.push(register('q1', 0), register('q2', 0), register('q3', 0));
    api.polls.push(bad('BAD_EVENT_QUEUE_ID'), bad('BAD_EVENT_QUEUE_ID'));
    await runUntilIdle();
    expect(api.calls).toEqual([
      'register',
      'events q1 after 0',
      'register',
      'events q2 after 0',
      'register',
      'events q3 after 0 dont_block',
    ]);
    expect(clock.sleeps).toEqual([75]);
  });

  it('stops and reports signed out when register is refused with an auth failure', async () => {
    api.registers.push(bad('INVALID_API_KEY', 401));
    engine.start();
    await expect.poll(() => statuses.at(-1)?.state).toBe('signedOut');
    expect(statuses.at(-1)).toEqual({
      state: 'signedOut',
      message: 'Signed out: error INVALID_API_KEY. Sign in again to continue.',
    });
    expect(api.calls).toEqual(['register']);
  });

  it('stops polling when the user is deactivated mid-session', async () => {
    api.registers.push(register('q1', 0));
    api.polls.push(bad('USER_DEACTIVATED', 401));
    engine.start();
    await expect.poll(() => statuses.at(-1)?.state).toBe('signedOut');
    expect(api.calls).toEqual(['register', 'events q1 after 0']);
  });

  it('skips an event that cannot be applied, keeps the rest of the batch, and logs it', async () => {
    api.registers.push(register('q1', 0));
    api.polls.push([
      messageEvent(1, channelWire(100, 10, 'a')),
      // A channel message without stream_id cannot be filed anywhere.
      messageEvent(2, channelWire(101, 10, 'a', { stream_id: undefined })),
      event({ id: 3, type: 'some_future_event', payload: 1 }),
      messageEvent(4, channelWire(102, 10, 'a')),
    ]);
    await runUntilIdle();
    expect(store.messages.cachedIds([100, 101, 102])).toEqual([100, 102]);
    expect(store.syncState.get().lastEventId).toBe(4);
    expect(logLines.some((l) => l.includes('could not apply an event; skipped') && l.includes('"id":2'))).toBe(true);
    expect(logLines.some((l) => l.includes('some_future_event'))).toBe(true);
  });

  it('applies a batch bigger than one transaction in order and publishes it once, with the last event ID saved', async () => {
    api.registers.push(register('q1', 0));
    const size = 2 * EVENTS_PER_TRANSACTION + 50;
    const batch = Array.from({ length: size }, (_, i) => messageEvent(i + 1, channelWire(1000 + i, 10, `t${i % 7}`)));
    // One bad message in the middle slice: skipped alone, its neighbours stored.
    batch[EVENTS_PER_TRANSACTION + 10] = messageEvent(
      EVENTS_PER_TRANSACTION + 11,
      channelWire(5000, 10, 'a', { stream_id: undefined }),
    );
    api.polls.push(batch);
    await runUntilIdle();
    expect(store.messages.cachedIds(batch.map((_, i) => 1000 + i))).toHaveLength(size - 1);
    expect(store.syncState.get().lastEventId).toBe(size);
    expect(api.calls.at(-1)).toBe(`events q1 after ${size}`);
    expect(deltas).toHaveLength(1);
    const added = deltas[0]!.flatMap((d) => (d.kind === 'messagesAdded' ? d.ids : []));
    expect(added).toEqual(batch.map((_, i) => 1000 + i).filter((id) => id !== 1000 + EVENTS_PER_TRANSACTION + 10));
  });

  it('re-registers when a poll answer cannot be read at all', async () => {
    api.registers.push(register('q1', 0), register('q2', 0));
    api.polls.push(new ProtocolError('events[0].message: expected object', { httpStatus: 200 }));
    await runUntilIdle();
    expect(api.calls).toEqual(['register', 'events q1 after 0', 'register', 'events q2 after 0']);
  });

  it('resumes the queue saved by the last run before registering anew', async () => {
    store.syncState.setRegistered({
      queueId: 'old',
      lastEventId: 41,
      featureLevel: 420,
      longpollTimeoutSeconds: 30,
      userId: SELF,
      registeredAt: 1,
    });
    api.polls.push([messageEvent(42, channelWire(200, 10, 'x'))]);
    await runUntilIdle();
    // The resumed queue is asked at once (dont_block): the outbox waits for it to be current (#25 item 4).
    expect(api.calls).toEqual(['events old after 41 dont_block', 'events old after 42']);
    expect(registered).toBe(0);
    expect(store.messages.cachedIds([200])).toEqual([200]);
  });

  it('ignores events it has already applied (a retried poll can repeat them)', async () => {
    api.registers.push(register('q1', 0));
    api.polls.push([messageEvent(1, channelWire(100, 10, 'a'))]);
    api.polls.push([
      messageEvent(1, channelWire(100, 10, 'a', { content: '<p>changed</p>' })),
      event({ id: 2, type: 'heartbeat' }),
    ]);
    await runUntilIdle();
    expect(store.messages.getByIds([100])[0]?.content).toBe('<p>message 100</p>');
    expect(deltas).toHaveLength(2);
    expect(deltas[1]).toEqual([]);
  });
});

describe('SyncEngine.wake', () => {
  it('ends a hanging long-poll and asks the queue again at once, without counting a failure', async () => {
    api.registers.push(register('q1', 3));
    await runUntilIdle();
    expect(api.calls).toEqual(['register', 'events q1 after 3']);
    // The poll now hangs (the script is empty), as one begun before a sleep would.
    api.polls.push([event({ id: 4, type: 'heartbeat' })]);
    engine.wake();
    await expect.poll(() => api.calls.length).toBe(4);
    expect(api.calls.slice(2)).toEqual(['events q1 after 3 dont_block', 'events q1 after 4']);
    expect(states()).toEqual(['connecting', 'live']);
    expect(clock.sleeps).toEqual([]);
  });

  it('cuts a backoff short and starts the backoff over', async () => {
    const held = new HeldClock();
    engine = newEngine(held);
    api.registers.push(unreachable(), unreachable(), register('q1', 3));
    engine.start();
    await expect.poll(() => held.asked.length).toBe(1);
    engine.wake();
    // Woken mid-backoff: it tried at once, failed, and waits the first backoff again, not a doubled one.
    await expect.poll(() => held.asked.length).toBe(2);
    expect(held.asked[1]).toBe(held.asked[0]);
    engine.wake();
    await api.idle();
    expect(api.calls).toEqual(['register', 'register', 'register', 'events q1 after 3 dont_block']);
    expect(states().at(-1)).toBe('live');
  });
});

/** A clock whose sleeps last until they are aborted: the loop is caught mid-backoff. */
class HeldClock extends FakeClock {
  readonly asked: number[] = [];
  override sleep(ms: number, signal: AbortSignal): Promise<void> {
    this.asked.push(ms);
    return new Promise((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  }
}
