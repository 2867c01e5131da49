import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { MessageView, TopicVisibility } from '../../../common/model';
import { hiddenInFeed } from '../../lib/feedVisibility';
import { MessagesState } from '../../state/messages.svelte';
import { message, SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MessageList from './MessageList.svelte';

describe('a channel feed with a muted topic', () => {
  it("leaves the muted topic's messages out and shows the rest", async () => {
    const all = [
      message({ id: 10, channelId: 1, topic: 'chatter', contentHtml: '<p>muted words</p>' }),
      message({ id: 11, channelId: 1, topic: 'plans', contentHtml: '<p>visible words</p>' }),
    ];
    const bridge = new MemoryBridge()
      .handle('view:open', () => null)
      .handle('messages:page', (args) => ({
        narrow: args.narrow,
        messages: all,
        foundOldest: true,
        foundNewest: true,
        fromCache: false,
      }));
    const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
    await state.open({ kind: 'channel', channelId: 1 });
    const of = (_c: number, topic: string): TopicVisibility => (topic === 'chatter' ? 'muted' : 'none');
    render(MessageList, {
      messages: state,
      sidebar: sidebar(),
      label: '#general',
      baseUrl: 'https://chat.example.com',
      onOpen: () => {},
      hidden: (m: MessageView) => hiddenInFeed(state.narrow, m, of),
    });
    expect(await screen.findByText('visible words')).toBeInTheDocument();
    expect(screen.queryByText('muted words')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});
