/** Unreads, topics, recent DMs, users, channels, realm and sync state: the repos behind the sidebar. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import type { SubscribedChannel } from '../../../main/store/repos/channels';
import type { StoredUser } from '../../../main/store/repos/users';
import { tempDir } from './fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  return () => store.close();
});

const user = (id: number, over: Partial<StoredUser> = {}): StoredUser => ({
  id,
  email: `u${id}@example.com`,
  fullName: `User ${id}`,
  avatarUrl: null,
  role: 400,
  isBot: false,
  isActive: true,
  extra: { timezone: 'UTC' },
  ...over,
});

const channel = (id: number, name: string): SubscribedChannel => ({
  id,
  name,
  description: 'd',
  renderedDescription: '<p>d</p>',
  inviteOnly: false,
  extra: { is_web_public: false },
  subscription: {
    channelId: id,
    color: '#abcdef',
    isMuted: false,
    pinToTop: false,
    settings: { push_notifications: null },
  },
});

describe('small repos', () => {
  it('unreads: counts by topic and DM, first unread, mark read', () => {
    store.unreads.replaceAll([
      { messageId: 1, channelId: 5, topic: 'a', dmKey: null },
      { messageId: 4, channelId: 5, topic: 'a', dmKey: null },
      { messageId: 2, channelId: 5, topic: 'b', dmKey: null },
      { messageId: 3, channelId: null, topic: null, dmKey: '1,2' },
    ]);
    expect(store.unreads.countsByTopic()).toEqual(
      expect.arrayContaining([
        { channelId: 5, topic: 'a', count: 2, maxId: 4 },
        { channelId: 5, topic: 'b', count: 1, maxId: 2 },
      ]),
    );
    expect(store.unreads.countsByDm()).toEqual([{ dmKey: '1,2', count: 1, maxId: 3 }]);
    expect(store.unreads.firstUnreadInTopic(5, 'a')).toBe(1);
    expect(store.unreads.firstUnreadInChannel(5)).toBe(1);
    expect(store.unreads.firstUnreadInDm('9')).toBeNull();
    expect(store.unreads.remove([1, 99])).toEqual([1]);
    store.unreads.moveTo([4], 6, 'c');
    expect(store.unreads.firstUnreadInTopic(6, 'c')).toBe(4);
    expect(store.unreads.removeAll()).toEqual([2, 3, 4]);
    expect(store.unreads.countsByTopic()).toEqual([]);
  });

  it('topics and recent DMs keep the newest message ID and sort by recency', () => {
    store.topics.note(5, 'a', 10);
    store.topics.note(5, 'b', 30);
    store.topics.note(5, 'a', 5);
    store.topics.note(6, 'z', 99);
    expect(store.topics.recent(5, 10)).toEqual([
      { channelId: 5, name: 'b', maxMessageId: 30 },
      { channelId: 5, name: 'a', maxMessageId: 10 },
    ]);
    store.recentDms.replaceAll([
      { dmKey: '1,2', maxMessageId: 8 },
      { dmKey: '1', maxMessageId: 3 },
    ]);
    store.recentDms.note('1', 12);
    expect(store.recentDms.recent(10)).toEqual([
      { dmKey: '1', maxMessageId: 12 },
      { dmKey: '1,2', maxMessageId: 8 },
    ]);
  });

  it('users: replace, patch (merging extra) and read back', () => {
    store.users.replaceAll([user(2, { fullName: 'Zed' }), user(1, { fullName: 'Amy' })]);
    expect(store.users.all().map((u) => u.fullName)).toEqual(['Amy', 'Zed']);
    expect(store.users.patch(2, { fullName: 'Bea', extra: { role_note: 'x' } })).toBe(true);
    expect(store.users.patch(77, { fullName: 'Nobody' })).toBe(false);
    expect(store.users.get(2)).toEqual(user(2, { fullName: 'Bea', extra: { timezone: 'UTC', role_note: 'x' } }));
    expect(store.users.fullNames([2, 1, 2, 77])).toEqual(
      new Map([
        [1, 'Amy'],
        [2, 'Bea'],
      ]),
    );
    expect(store.users.fullNames([])).toEqual(new Map());
  });

  it('channels: subscribe, update properties (known, deprecated and unknown), unsubscribe', () => {
    store.channels.replaceSubscribed([channel(1, 'general'), channel(2, 'design')]);
    expect(store.channels.subscribed().map((c) => c.name)).toEqual(['design', 'general']);
    expect(store.channels.updateProperty(1, 'color', '#000000')).toBe(true);
    expect(store.channels.updateProperty(1, 'in_home_view', false)).toBe(true);
    expect(store.channels.updateProperty(1, 'pin_to_top', true)).toBe(true);
    expect(store.channels.updateProperty(1, 'brand_new_setting', 3)).toBe(true);
    expect(store.channels.updateProperty(1, 'name', 'general-chat')).toBe(true);
    expect(store.channels.updateProperty(9, 'color', '#111111')).toBe(false);
    const c = store.channels.getSubscribed(1);
    expect(c?.name).toBe('general-chat');
    expect(c?.subscription).toEqual({
      channelId: 1,
      color: '#000000',
      isMuted: true,
      pinToTop: true,
      settings: { push_notifications: null, brand_new_setting: 3 },
    });
    expect(store.channels.unsubscribe(1)).toBe(true);
    expect(store.channels.unsubscribe(1)).toBe(false);
    expect(store.channels.subscribed().map((x) => x.id)).toEqual([2]);
    store.channels.replaceSubscribed([channel(3, 'new')]);
    expect(store.channels.subscribed().map((x) => x.id)).toEqual([3]);
  });

  it('realm values and sync state round-trip', () => {
    store.realm.replaceAll({
      max_message_length: 10000,
      realm_empty_topic_display_name: 'general chat',
      skipped: undefined,
    });
    expect(store.realm.getNumber('max_message_length', 0)).toBe(10000);
    expect(store.realm.getString('realm_empty_topic_display_name', '')).toBe('general chat');
    expect(store.realm.get('skipped')).toBeUndefined();
    expect(store.syncState.get()).toMatchObject({
      queueId: null,
      lastEventId: null,
      featureLevel: 0,
      longpollTimeoutSeconds: 90,
    });
    store.syncState.setRegistered({
      queueId: 'q1',
      lastEventId: -1,
      featureLevel: 420,
      longpollTimeoutSeconds: 30,
      userId: 7,
      registeredAt: 1000,
    });
    store.syncState.setLastEventId(12);
    expect(store.syncState.get()).toEqual({
      queueId: 'q1',
      lastEventId: 12,
      featureLevel: 420,
      longpollTimeoutSeconds: 30,
      userId: 7,
      registeredAt: 1000,
    });
    store.syncState.clearQueue();
    expect(store.syncState.get()).toMatchObject({ queueId: null, lastEventId: null, featureLevel: 420 });
  });

  it('a nested transaction that throws rolls back only its own writes', () => {
    store.transaction(() => {
      store.topics.note(1, 'kept', 1);
      try {
        store.transaction(() => {
          store.topics.note(1, 'dropped', 2);
          throw new Error('bad event');
        });
      } catch {
        // the applier's failure is logged by the caller; the batch goes on
      }
    });
    expect(store.topics.recent(1, 10).map((t) => t.name)).toEqual(['kept']);
  });
});
