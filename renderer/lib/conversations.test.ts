import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TopicVisibility } from '../../common/model';
import { sidebar } from '../testing/fixtures';
import { conversationsOf, inbox, inboxGroupOrder, nextUnreadTopic, recent, type Conversation } from './conversations';

describe('conversations for Inbox and Recent', () => {
  const model = sidebar();

  it('lists every topic and DM, newest first, for Recent conversations', () => {
    const all = recent(conversationsOf(model));
    const topics = model.channels.reduce((n, c) => n + c.topics.length, 0);
    expect(all).toHaveLength(topics + model.dms.length);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.latestId).toBeGreaterThanOrEqual(all[i]!.latestId);
  });

  it('keeps only unread, unmuted conversations in the Inbox, DMs first', () => {
    const groups = inbox(conversationsOf(model));
    for (const g of groups) for (const c of g.items) expect(c.unread).toBeGreaterThan(0);
    if (groups.some((g) => g.group === 'Direct messages')) expect(groups[0]!.group).toBe('Direct messages');
    const mutedAll = (): TopicVisibility => 'muted';
    expect(inbox(conversationsOf(model, mutedAll)).filter((g) => g.group !== 'Direct messages')).toEqual([]);
  });

  it('builds only the unread conversations when asked (the Inbox), the same ones the Inbox keeps', () => {
    const [first, ...rest] = model.channels;
    const readToo = {
      ...model,
      channels: [
        { ...first!, topics: [...first!.topics, { ...first!.topics[0]!, name: 'read', unreadCount: 0 }] },
        ...rest,
      ],
    };
    const all = conversationsOf(readToo);
    const unread = conversationsOf(readToo, undefined, true);
    expect(all.some((c) => c.unread === 0)).toBe(true);
    expect(unread).toEqual(all.filter((c) => c.unread > 0));
    expect(inbox(unread)).toEqual(inbox(all));
  });

  it('marks followed topics for the Followed topics screen', () => {
    const first = model.channels.find((c) => c.topics.length > 0)!;
    const followedName = first.topics[0]!.name;
    const of = (channelId: number, topic: string): TopicVisibility =>
      channelId === first.id && topic === followedName ? 'followed' : 'none';
    const followed = conversationsOf(model, of).filter((c) => c.followed);
    expect(followed.map((c) => c.narrow)).toEqual([{ kind: 'topic', channelId: first.id, topic: followedName }]);
  });
});

describe('inbox grouping', () => {
  /** The Inbox as first written: every conversation sorted newest first, then grouped. */
  function sortedThenGrouped(conversations: Conversation[]) {
    const groups = new Map<string, Conversation[]>();
    for (const c of [...conversations].sort((a, b) => b.latestId - a.latestId)) {
      if (c.unread === 0 || c.muted) continue;
      groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
    }
    return [...groups].map(([group, items]) => ({ group, items })).sort(inboxGroupOrder);
  }

  it('groups and orders as sorting everything first did, for any conversations', () => {
    const conversation = fc.record({
      group: fc.constantFrom('Direct messages', '#a', '#b', '#c'),
      unread: fc.nat(3),
      muted: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(conversation, { maxLength: 60 }),
        fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
        (rows, order) => {
          // Message IDs are unique: no two conversations share their newest message.
          const ids = [...new Set(order.map((n, i) => n * 100 + i))];
          const all: Conversation[] = rows.map((r, i) => ({
            ...r,
            key: `k${i}`,
            narrow: { kind: 'topic', channelId: 1, topic: `k${i}` },
            title: `k${i}`,
            latestId: ids[i]!,
            followed: false,
          }));
          expect(inbox(all)).toEqual(sortedThenGrouped(all));
        },
      ),
    );
  });
});

describe('conversations kept between sidebar updates', () => {
  const model = sidebar({
    channels: [
      ...sidebar().channels,
      {
        ...sidebar().channels[0]!,
        id: 3,
        name: 'random',
        topics: [{ name: 'cats', maxMessageId: 90, unreadCount: 4 }],
      },
    ],
  });
  const withUnreadIn = (s: typeof model, channelId: number) => ({
    ...s,
    channels: s.channels.map((c) =>
      c.id === channelId ? { ...c, topics: c.topics.map((t) => ({ ...t, unreadCount: t.unreadCount + 1 })) } : c,
    ),
  });

  it('keeps the row objects of channels and DMs a delta left alone, and builds those it replaced', () => {
    const stamp = {};
    const before = conversationsOf(model, undefined, false, stamp);
    const after = conversationsOf(withUnreadIn(model, 1), undefined, false, stamp);
    // What is kept is what a build from scratch would give.
    expect(after).toEqual(conversationsOf(withUnreadIn(model, 1)));
    const old = new Map(before.map((c) => [c.key, c]));
    for (const row of after) {
      const inChanged = row.narrow.kind === 'topic' && row.narrow.channelId === 1;
      if (inChanged) expect(row).not.toBe(old.get(row.key));
      else expect(row).toBe(old.get(row.key));
    }
    expect(after.filter((c) => c.narrow.kind === 'topic' && c.narrow.channelId === 1).map((c) => c.unread)).toEqual([
      3, 2,
    ]);
  });

  it('builds every row again under a new visibility stamp, so a topic muted since shows muted', () => {
    const first = conversationsOf(model, () => 'none', true, {});
    const mutedCats = (channelId: number, topic: string): TopicVisibility =>
      channelId === 3 && topic === 'cats' ? 'muted' : 'none';
    // Same channel objects, but the policies changed: a new stamp says so.
    const again = conversationsOf(model, mutedCats, true, {});
    expect(again.find((c) => c.title === 'cats')?.muted).toBe(true);
    expect(first.find((c) => c.title === 'cats')?.muted).toBe(false);
    expect(inbox(again).map((g) => g.group)).not.toContain('#random');
  });

  it('builds afresh without a stamp (a caller that cannot say when the policies change)', () => {
    const before = conversationsOf(model);
    const after = conversationsOf(model);
    expect(after).toEqual(before);
    expect(after[0]).not.toBe(before[0]);
  });
});

describe('nextUnreadTopic', () => {
  it('finds the first unread topic other than the open one, skipping muted channels, or none', () => {
    const s = sidebar();
    expect(nextUnreadTopic(s, null)).toEqual({ kind: 'topic', channelId: 1, topic: 'greetings' });
    expect(nextUnreadTopic(s, { kind: 'topic', channelId: 1, topic: 'greetings' })).toEqual({
      kind: 'topic',
      channelId: 1,
      topic: '',
    });
    const muted = { ...s, channels: s.channels.map((c) => ({ ...c, isMuted: true })) };
    expect(nextUnreadTopic(muted, null)).toBeNull();
    expect(nextUnreadTopic(null, null)).toBeNull();
  });
});
