import { describe, expect, it } from 'vitest';
import type { TopicVisibilityView } from '../../common/model';
import { MemoryBridge } from '../testing/memoryBridge';
import { TopicVisibilityState } from './topicVisibility.svelte';

function setup(canFollow: boolean) {
  let items: TopicVisibilityView[] = [{ channelId: 1, topic: 'Lunch', visibility: 'muted' }];
  const bridge = new MemoryBridge()
    .handle('topics:listVisibility', () => ({ items, next: null }))
    .handle('topics:setVisibility', ({ channelId, topic, visibility }) => {
      items = [...items.filter((v) => v.topic !== topic), { channelId, topic, visibility }];
      return null;
    });
  return { bridge, topics: new TopicVisibilityState(bridge.client(), 'acc-1', canFollow) };
}

describe('TopicVisibilityState', () => {
  it('offers unmute for a muted topic (matching topics case-insensitively) and follow', async () => {
    const { bridge, topics } = setup(true);
    await topics.list.load();
    expect(topics.menu(1, 'lunch', false).map((i) => i.label)).toEqual(['Unmute topic', 'Follow topic']);
    topics
      .menu(1, 'plans', false)
      .find((i) => i.label === 'Follow topic')
      ?.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bridge.callsOf('topics:setVisibility')).toEqual([
      { accountId: 'acc-1', channelId: 1, topic: 'plans', visibility: 'followed' },
    ]);
    expect(topics.of(1, 'plans')).toBe('followed');
    expect(topics.menu(1, 'plans', false).map((i) => i.label)).toEqual(['Mute topic', 'Unfollow topic']);
  });

  it('offers only mute and unmute on servers without follow', async () => {
    const { topics } = setup(false);
    await topics.list.load();
    expect(topics.menu(2, 'anything', true).map((i) => i.label)).toEqual(['Mute topic']);
  });

  it('reads a change at once, before the server’s event brings it, so a second toggle undoes the first', async () => {
    // As Zulip does: the answer comes first, the change reaches the list with the user_topic event.
    const items: TopicVisibilityView[] = [];
    const bridge = new MemoryBridge()
      .handle('topics:listVisibility', () => ({ items: [...items], next: null }))
      .handle('topics:setVisibility', () => null);
    const topics = new TopicVisibilityState(bridge.client(), 'acc-1', true);
    await topics.list.load();
    topics.menu(1, 'plans', false)[0]!.run();
    expect(topics.of(1, 'plans')).toBe('muted');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(topics.menu(1, 'plans', false)[0]!.label).toBe('Unmute topic');
    topics.menu(1, 'plans', false)[0]!.run();
    expect(topics.of(1, 'plans')).toBe('none');
    expect(bridge.callsOf('topics:setVisibility').map((c) => c.visibility)).toEqual(['muted', 'none']);
    topics.dispose();
  });

  it('goes back to what the list says when the change is refused', async () => {
    const bridge = new MemoryBridge()
      .handle('topics:listVisibility', () => ({ items: [], next: null }))
      .handle('topics:setVisibility', () => {
        throw new Error('Not allowed');
      });
    const topics = new TopicVisibilityState(bridge.client(), 'acc-1', true);
    await topics.list.load();
    await topics.set(1, 'plans', 'muted');
    expect(topics.of(1, 'plans')).toBe('none');
    expect(topics.error).toContain('Not allowed');
    topics.dispose();
  });
});
