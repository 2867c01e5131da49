import { describe, expect, it } from 'vitest';
import type { ChannelSummary, TopicVisibility } from '../../common/model';
import { message } from '../testing/fixtures';
import { channelUnread, hiddenInFeed, topicQuiet } from './feedVisibility';

const policies: Record<string, TopicVisibility> = { noise: 'muted', news: 'followed', kept: 'unmuted' };
const of = (_channelId: number, topic: string): TopicVisibility => policies[topic] ?? 'none';

describe('hiddenInFeed', () => {
  it("hides a muted topic's messages in its channel's feed only", () => {
    const muted = message({ id: 1, channelId: 1, topic: 'noise' });
    expect(hiddenInFeed({ kind: 'channel', channelId: 1 }, muted, of)).toBe(true);
    expect(hiddenInFeed({ kind: 'topic', channelId: 1, topic: 'noise' }, muted, of)).toBe(false);
  });

  it('shows followed, unmuted and ordinary topics', () => {
    for (const topic of ['news', 'kept', 'other']) {
      expect(hiddenInFeed({ kind: 'channel', channelId: 1 }, message({ id: 2, channelId: 1, topic }), of)).toBe(false);
    }
  });
});

describe('hiddenInFeed in the Combined feed (Zulip’s muting rules)', () => {
  const all = { kind: 'all' } as const;
  const mutedChannel = (id: number) => id === 2;

  it('hides muted topics, and muted channels except their unmuted and followed topics', () => {
    const at = (channelId: number, topic: string) =>
      hiddenInFeed(all, message({ id: 3, channelId, topic }), of, mutedChannel);
    expect(at(1, 'noise')).toBe(true);
    expect(at(1, 'other')).toBe(false);
    expect(at(2, 'other')).toBe(true);
    expect(at(2, 'kept')).toBe(false);
    expect(at(2, 'news')).toBe(false);
    expect(at(2, 'noise')).toBe(true);
  });

  it('always shows direct messages', () => {
    const dm = message({ id: 4, channelId: null, topic: '', dmUserIds: [1, 2] });
    expect(hiddenInFeed(all, dm, of, () => true)).toBe(false);
  });
});

describe('channelUnread', () => {
  const channel = (isMuted: boolean): ChannelSummary => ({
    id: 1,
    name: 'general',
    color: '#888',
    description: '',
    inviteOnly: false,
    isMuted,
    pinToTop: false,
    unreadCount: 10,
    topics: [
      { name: 'noise', maxMessageId: 3, unreadCount: 5 },
      { name: 'news', maxMessageId: 2, unreadCount: 2 },
      { name: 'other', maxMessageId: 1, unreadCount: 3 },
    ],
  });
  const byTopic = (topic: string): TopicVisibility => policies[topic] ?? 'none';

  it('leaves muted topics out of an unmuted channel’s count', () => {
    expect(channelUnread(channel(false), byTopic)).toEqual({ count: 5, quiet: false });
    expect(topicQuiet(channel(false), 'muted')).toBe(true);
    expect(topicQuiet(channel(false), 'none')).toBe(false);
  });

  it('counts only unmuted and followed topics of a muted channel, else shows all quietly', () => {
    expect(channelUnread(channel(true), byTopic)).toEqual({ count: 2, quiet: false });
    expect(channelUnread(channel(true), () => 'none')).toEqual({ count: 10, quiet: true });
    expect(topicQuiet(channel(true), 'followed')).toBe(false);
    expect(topicQuiet(channel(true), 'none')).toBe(true);
  });
});
