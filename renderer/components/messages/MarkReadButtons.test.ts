import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MessageActions } from '../../state/messageActions';
import { SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MarkReadButtons from './MarkReadButtons.svelte';

function setup(topic: string, bars = sidebar()) {
  const bridge = new MemoryBridge().handle('messages:markRead', () => ({ count: 2 }));
  const actions = new MessageActions(bridge.client(), 'acc-1', SELF_ID);
  render(MarkReadButtons, { narrow: { kind: 'topic', channelId: 1, topic }, actions, sidebar: bars });
  return bridge;
}

describe('MarkReadButtons', () => {
  it('offers to mark a topic read while something in it is unread', async () => {
    const bridge = setup('greetings');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark topic as read' }));
    expect(bridge.callsOf('messages:markRead')).toEqual([
      { accountId: 'acc-1', scope: { kind: 'topic', channelId: 1, topic: 'greetings' } },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Marked 2 messages as read.');
  });

  it('offers neither button when nothing there is unread', () => {
    const bars = sidebar();
    bars.channels[0] = {
      ...bars.channels[0]!,
      unreadCount: 0,
      topics: [{ name: 'quiet', maxMessageId: 1, unreadCount: 0 }],
    };
    setup('quiet', bars);
    expect(screen.queryByRole('button', { name: 'Mark topic as read' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark channel as read' })).toBeNull();
  });
});
