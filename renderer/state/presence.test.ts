import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryBridge } from '../testing/memoryBridge';
import type { PresenceView } from '../../common/model';
import { ActivityReporter, IDLE_AFTER_MS, PresenceState, RENEW_EVERY_MS } from './presence.svelte';

let bridge: MemoryBridge;
let reporter: ActivityReporter;
let focused: boolean;

beforeEach(() => {
  vi.useFakeTimers();
  focused = true;
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  bridge = new MemoryBridge().handle('presence:activity', () => null);
  reporter = new ActivityReporter(bridge.client(), window);
});
afterEach(() => {
  reporter.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const reports = () => bridge.callsOf('presence:activity');
const fire = (name: string, target: EventTarget = window) => target.dispatchEvent(new Event(name));

describe('ActivityReporter', () => {
  it('reports active at start when the window has focus, idle when it has not', () => {
    reporter.start();
    expect(reports()).toEqual([{ active: true, input: true }]);
    reporter.stop();
    focused = false;
    const other = new ActivityReporter(bridge.client(), window);
    other.start();
    expect(reports().at(-1)).toEqual({ active: false, input: false });
    other.stop();
  });

  it('goes idle on blur and active again on focus or input', () => {
    reporter.start();
    fire('blur');
    fire('blur');
    expect(reports()).toEqual([
      { active: true, input: true },
      { active: false, input: false },
    ]);
    fire('keydown');
    expect(reports().at(-1)).toEqual({ active: true, input: true });
    expect(reports()).toHaveLength(3);
  });

  it('renews an active report at most once a minute, however busy the mouse', () => {
    reporter.start();
    for (let i = 0; i < 50; i++) fire('pointermove');
    expect(reports()).toHaveLength(1);
    vi.advanceTimersByTime(RENEW_EVERY_MS);
    fire('pointermove');
    expect(reports()).toHaveLength(2);
  });

  it('goes idle after five minutes without input, even with focus', () => {
    reporter.start();
    vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
    fire('wheel');
    vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
    expect(reports().at(-1)).toEqual({ active: true, input: true });
    vi.advanceTimersByTime(1);
    expect(reports().at(-1)).toEqual({ active: false, input: false });
  });

  it('stops listening when stopped', () => {
    reporter.start();
    reporter.stop();
    fire('blur');
    vi.advanceTimersByTime(IDLE_AFTER_MS * 2);
    expect(reports()).toHaveLength(1);
  });
});

describe('PresenceState', () => {
  it('keeps its statuses when a reload changes only last-seen times, and replaces them when a status changes', async () => {
    let list: PresenceView[] = [
      { userId: 11, status: 'active', lastSeen: 100 },
      { userId: 12, status: 'idle', lastSeen: 90 },
      { userId: 13, status: 'offline', lastSeen: 10 },
    ];
    const states = new MemoryBridge().handle('presence:list', () => list);
    const presence = new PresenceState(states.client(), 'acc-1', 1);
    await presence.load();
    const first = presence.version;
    expect([presence.status(11), presence.status(12), presence.status(13), presence.status(99)]).toEqual([
      'active',
      'idle',
      'offline',
      'offline',
    ]);

    // A heartbeat: everyone's last sign of life moved, no one's status did. Whatever derives from
    // the statuses (the People list's ranking at 30,000 people) is not worked out again.
    list = list.map((p) => ({ ...p, lastSeen: (p.lastSeen ?? 0) + 60 }));
    await presence.load();
    expect(presence.version).toBe(first);

    list = [...list.slice(0, 2), { userId: 13, status: 'active', lastSeen: 200 }];
    await presence.load();
    expect(presence.version).not.toBe(first);
    // Loaded whole: a reader of the statuses compares everyone rather than asking who moved.
    expect(presence.movedSince(first)).toBeNull();
    expect(presence.status(13)).toBe('active');

    list = list.slice(1);
    await presence.load();
    expect(presence.status(11)).toBe('offline');
    presence.dispose();
  });

  it('applies who moved (presence:changed) on top of the list, without asking for the whole list again', async () => {
    const states = new MemoryBridge().handle('presence:list', () => [
      { userId: 11, status: 'active', lastSeen: 100 },
      { userId: 12, status: 'idle', lastSeen: 90 },
    ]);
    const presence = new PresenceState(states.client(), 'acc-1', 1);
    await presence.load();
    const first = presence.version;

    states.emit('presence:changed', { accountId: 'acc-1', changes: [{ userId: 13, status: 'active' }] });
    expect([presence.status(11), presence.status(12), presence.status(13)]).toEqual(['active', 'idle', 'active']);
    expect(presence.movedSince(first)).toEqual([13]);
    states.emit('presence:changed', {
      accountId: 'acc-1',
      changes: [
        { userId: 11, status: 'offline' },
        { userId: 12, status: 'active' },
      ],
    });
    expect([presence.status(11), presence.status(12), presence.status(13)]).toEqual(['offline', 'active', 'active']);
    expect(presence.statuses.size).toBe(2);
    expect(presence.movedSince(first)?.sort()).toEqual([11, 12, 13]);
    // Another account's people are not these.
    states.emit('presence:changed', { accountId: 'acc-2', changes: [{ userId: 14, status: 'idle' }] });
    expect(presence.status(14)).toBe('offline');
    // A change to what the page already holds leaves the statuses (and what derives from them) alone.
    const held = presence.version;
    states.emit('presence:changed', { accountId: 'acc-1', changes: [{ userId: 12, status: 'active' }] });
    expect(presence.version).toBe(held);
    expect(states.callsOf('presence:list')).toHaveLength(1);
    presence.dispose();
  });

  it('keeps what moved while the list was asked for, applied on top of the answer in order', async () => {
    let answer: (list: PresenceView[]) => void = () => undefined;
    const states = new MemoryBridge().handle('presence:list', () => new Promise<PresenceView[]>((r) => (answer = r)));
    const presence = new PresenceState(states.client(), 'acc-1', 1);
    const loading = presence.load();
    await vi.waitFor(() => expect(states.callsOf('presence:list')).toHaveLength(1));
    // Told while main answered: 12 left before the answer was made (the list has it), 11 came
    // back after it; each ends at the last status told.
    states.emit('presence:changed', { accountId: 'acc-1', changes: [{ userId: 12, status: 'offline' }] });
    states.emit('presence:changed', { accountId: 'acc-1', changes: [{ userId: 11, status: 'idle' }] });
    states.emit('presence:changed', { accountId: 'acc-1', changes: [{ userId: 11, status: 'active' }] });
    answer([
      { userId: 11, status: 'idle', lastSeen: 100 },
      { userId: 13, status: 'idle', lastSeen: 80 },
    ]);
    await loading;
    expect([presence.status(11), presence.status(12), presence.status(13)]).toEqual(['active', 'offline', 'idle']);
    // Once the list is in, changes apply at once again.
    states.emit('presence:changed', { accountId: 'acc-1', changes: [{ userId: 13, status: 'offline' }] });
    expect(presence.status(13)).toBe('offline');
    presence.dispose();
  });
});
