import { describe, expect, it } from 'vitest';
import type { ChannelSummary, Sidebar, TopicVisibility } from '../../common/model';
import { neighbourChannel, nextUnreadDm, nextUnreadFollowedTopic } from './nextConversation';

const channel = (id: number, topics: [string, number][]): ChannelSummary =>
  ({
    id,
    name: `c${id}`,
    color: '#000',
    description: '',
    inviteOnly: false,
    isMuted: false,
    pinToTop: false,
    unreadCount: topics.reduce((n, [, u]) => n + u, 0),
    topics: topics.map(([name, unreadCount], i) => ({ name, unreadCount, maxMessageId: 100 - i })),
  }) as ChannelSummary;

const sidebar: Sidebar = {
  accountId: 'a',
  channels: [
    channel(1, [
      ['lunch', 2],
      ['plans', 1],
    ]),
    channel(2, [['release', 3]]),
    channel(3, []),
  ],
  dms: [
    { userIds: [5], names: ['Ada'], maxMessageId: 10, unreadCount: 1 },
    { userIds: [6], names: ['Bo'], maxMessageId: 30, unreadCount: 0 },
    { userIds: [7, 8], names: ['Cy', 'Di'], maxMessageId: 20, unreadCount: 4 },
  ],
  users: [],
  emptyTopicDisplayName: 'general chat',
};

const followed = new Set(['1:plans', '2:release']);
const visibilityOf = (c: number, t: string): TopicVisibility => (followed.has(`${c}:${t}`) ? 'followed' : 'none');

describe('next conversation', () => {
  it('Shift+N: the next followed topic with unread messages, not the one open', () => {
    expect(nextUnreadFollowedTopic(sidebar, null, visibilityOf)).toEqual({
      kind: 'topic',
      channelId: 1,
      topic: 'plans',
    });
    expect(nextUnreadFollowedTopic(sidebar, { kind: 'topic', channelId: 1, topic: 'plans' }, visibilityOf)).toEqual({
      kind: 'topic',
      channelId: 2,
      topic: 'release',
    });
    expect(nextUnreadFollowedTopic(sidebar, null, () => 'none')).toBeNull();
  });

  it('p: the most recent unread direct message conversation, not the one open', () => {
    expect(nextUnreadDm(sidebar, null)).toEqual({ kind: 'dm', userIds: [7, 8] });
    expect(nextUnreadDm(sidebar, { kind: 'dm', userIds: [7, 8] })).toEqual({ kind: 'dm', userIds: [5] });
    expect(nextUnreadDm({ ...sidebar, dms: [] }, null)).toBeNull();
  });

  it('Shift+A / Shift+D: the channel before or after, wrapping; nothing outside a channel', () => {
    const list = sidebar.channels;
    expect(neighbourChannel(list, { kind: 'topic', channelId: 1, topic: 'lunch' }, 1)).toEqual({
      kind: 'channel',
      channelId: 2,
    });
    expect(neighbourChannel(list, { kind: 'channel', channelId: 1 }, -1)).toEqual({ kind: 'channel', channelId: 3 });
    expect(neighbourChannel(list, { kind: 'channel', channelId: 3 }, 1)).toEqual({ kind: 'channel', channelId: 1 });
    expect(neighbourChannel(list, { kind: 'dm', userIds: [5] }, 1)).toBeNull();
    expect(neighbourChannel(list, null, 1)).toBeNull();
  });
});
