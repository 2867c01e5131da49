/**
 * Sidebar deltas: the rows that changed and nothing else, and applied to the first sidebar they
 * rebuild every later one, over a run of random changes (topics, channels, DMs, users come and go).
 */
import { describe, expect, it } from 'vitest';
import type { ChannelSummary, Sidebar } from '../../../common/model';
import { applySidebarDelta } from '../../../common/sidebar-delta';
import { SidebarDiffer } from '../../../main/accounts/sidebar-diff';

function channel(id: number, topics: [string, number, number][]): ChannelSummary {
  return {
    id,
    name: `c${id}`,
    color: '#888',
    description: '',
    inviteOnly: false,
    isMuted: false,
    pinToTop: false,
    unreadCount: topics.reduce((n, t) => n + t[2], 0),
    topics: topics.map(([name, maxMessageId, unreadCount]) => ({ name, maxMessageId, unreadCount })),
  };
}

const user = (id: number, name = `U${id}`) => ({
  id,
  fullName: name,
  email: `u${id}@x.test`,
  avatarUrl: null,
  role: 400,
  isBot: false,
  isActive: true,
});

const base = (): Sidebar => ({
  accountId: 'a',
  channels: [
    channel(1, [
      ['lunch', 10, 1],
      ['deploys', 5, 0],
    ]),
    channel(2, []),
  ],
  dms: [{ userIds: [2], names: ['U2'], maxMessageId: 7, unreadCount: 0 }],
  users: [user(1), user(2), user(3)],
  emptyTopicDisplayName: 'general chat',
});

const canonical = (s: Sidebar) => ({
  ...s,
  channels: [...s.channels].sort((a, b) => a.id - b.id),
  users: [...s.users].sort((a, b) => a.id - b.id),
});

describe('SidebarDiffer', () => {
  it('sends the one changed topic of a new message, and nothing when nothing changed', () => {
    const differ = new SidebarDiffer();
    expect(differ.diff(base())?.channels).toHaveLength(2);
    expect(differ.diff(base())).toBeNull();
    const next = base();
    next.channels[0] = channel(1, [
      ['lunch', 11, 2],
      ['deploys', 5, 0],
    ]);
    expect(differ.diff(next)).toEqual({
      accountId: 'a',
      channels: [
        { ...channel(1, []), unreadCount: 2, topics: [{ name: 'lunch', maxMessageId: 11, unreadCount: 2 }] },
      ].map(({ topics, ...head }) => ({ ...head, topics })),
    });
  });

  it('rebuilds every sidebar of a random run from the first one and the deltas', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const differ = new SidebarDiffer();
    let current = base();
    let held = current;
    differ.diff(current);
    for (let step = 0; step < 300; step++) {
      const next: Sidebar = structuredClone(current);
      const roll = random();
      const c = next.channels[Math.floor(random() * next.channels.length)];
      if (roll < 0.35 && c) {
        const name = `t${Math.floor(random() * 8)}`;
        const t = c.topics.find((x) => x.name === name);
        if (t) t.unreadCount = Math.floor(random() * 5);
        else c.topics.push({ name, maxMessageId: 100 + step, unreadCount: 1 });
      } else if (roll < 0.45 && c && c.topics.length > 0) c.topics.splice(Math.floor(random() * c.topics.length), 1);
      else if (roll < 0.55) next.channels.push(channel(10 + step, [['new', step, 1]]));
      else if (roll < 0.6 && next.channels.length > 1) next.channels.splice(0, 1);
      else if (roll < 0.75)
        next.dms.push({ userIds: [3, step], names: ['U3', 'x'], maxMessageId: step, unreadCount: 1 });
      else if (roll < 0.8) next.users.push(user(100 + step));
      else if (roll < 0.85) next.users[0] = user(next.users[0]!.id, `Renamed ${step}`);
      else if (roll < 0.9) next.emptyTopicDisplayName = `chat ${step}`;
      const delta = differ.diff(next);
      if (delta) held = applySidebarDelta(held, delta);
      current = next;
      expect(
        canonical(held).channels.map((ch) => ({
          ...ch,
          topics: [...ch.topics].sort((a, b) => a.name.localeCompare(b.name)),
        })),
      ).toEqual(
        canonical(current).channels.map((ch) => ({
          ...ch,
          topics: [...ch.topics].sort((a, b) => a.name.localeCompare(b.name)),
        })),
      );
      expect(canonical(held).users).toEqual(canonical(current).users);
      expect([...held.dms].sort((a, b) => a.userIds.join().localeCompare(b.userIds.join()))).toEqual(
        [...current.dms].sort((a, b) => a.userIds.join().localeCompare(b.userIds.join())),
      );
      expect(held.emptyTopicDisplayName).toBe(current.emptyTopicDisplayName);
    }
  });

  it('applies a delta twice without harm', () => {
    const differ = new SidebarDiffer();
    differ.diff(base());
    const next = base();
    next.channels = [channel(1, [['lunch', 12, 0]])];
    const delta = differ.diff(next)!;
    const once = applySidebarDelta(base(), delta);
    expect(applySidebarDelta(once, delta)).toEqual(once);
    expect(once.channels.map((c) => c.id)).toEqual([1]);
    expect(once.channels[0]!.topics.map((t) => t.name)).toEqual(['lunch']);
  });
});
