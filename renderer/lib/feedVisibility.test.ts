import { describe, expect, it } from 'vitest';
import type { TopicVisibility } from '../../common/model';
import { message } from '../testing/fixtures';
import { hiddenInFeed } from './feedVisibility';

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
