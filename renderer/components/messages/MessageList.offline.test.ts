import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { MessagesState } from '../../state/messages.svelte';
import { SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MessageList from './MessageList.svelte';

async function emptyList(page: { foundOldest: boolean; foundNewest: boolean; fromCache: boolean }) {
  const bridge = new MemoryBridge()
    .handle('view:open', () => null)
    .handle('messages:page', (args) => ({ narrow: args.narrow, messages: [], ...page }));
  const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
  await state.open({ kind: 'channel', channelId: 1 });
  render(MessageList, {
    messages: state,
    sidebar: sidebar(),
    label: '#general',
    baseUrl: 'https://chat.example.com',
    onOpen: () => {},
    onSeenBottom: () => {},
  });
}

describe('MessageList with nothing to show', () => {
  it('says the truth when the server could not be asked: not loaded yet, rather than empty', async () => {
    await emptyList({ foundOldest: false, foundNewest: false, fromCache: true });
    expect(screen.getByRole('status')).toHaveTextContent('Not loaded yet: Parley cannot reach the server right now');
    expect(screen.queryByText('No messages here yet.')).toBeNull();
  });

  it('says the conversation is empty when the server (or a complete cache) says so', async () => {
    await emptyList({ foundOldest: true, foundNewest: true, fromCache: false });
    expect(screen.getByText('No messages here yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Not loaded yet/)).toBeNull();
  });
});
