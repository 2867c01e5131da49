import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Narrow } from '../../../common/model';
import { ComposeState } from '../../state/compose.svelte';
import { sidebar } from '../../testing/fixtures';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import Compose from './Compose.svelte';

function setup(narrow: Narrow) {
  const bridge = new MemoryBridge().handle('compose:send', () => ({ localId: 'L1' }));
  const compose = new ComposeState(bridge.client(), 'acc-1');
  compose.setNarrow(narrow);
  render(Compose, { compose, sidebar: sidebar(), onSend: async () => void (await compose.send()) });
  return { bridge, compose, user: userEvent.setup() };
}

describe('Compose', () => {
  it('sends to the open topic on Enter and clears the box', async () => {
    const { bridge, user } = setup({ kind: 'topic', channelId: 1, topic: 'greetings' });
    expect(screen.queryByRole('textbox', { name: 'Topic' })).toBeNull();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'hello there{Enter}');
    expect(bridge.callsOf('compose:send')).toEqual([
      { accountId: 'acc-1', to: { kind: 'channel', channelId: 1, topic: 'greetings' }, content: 'hello there' },
    ]);
    expect(box).toHaveValue('');
  });

  it('starts a new line on Shift+Enter without sending', async () => {
    const { bridge, user } = setup({ kind: 'dm', userIds: [11] });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(bridge.callsOf('compose:send')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(bridge.callsOf('compose:send')).toEqual([
      { accountId: 'acc-1', to: { kind: 'dm', userIds: [11] }, content: 'line one\nline two' },
    ]);
  });

  it('asks for a topic in a channel narrow and sends there once given', async () => {
    const { bridge, user } = setup({ kind: 'channel', channelId: 1 });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'hi{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a topic');
    expect(bridge.callsOf('compose:send')).toHaveLength(0);
    expect(box).toHaveValue('hi');

    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'plans');
    await user.type(box, '{Enter}');
    expect(bridge.callsOf('compose:send')[0]?.to).toEqual({ kind: 'channel', channelId: 1, topic: 'plans' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a send error and keeps the text', async () => {
    const { bridge, user } = setup({ kind: 'dm', userIds: [11] });
    bridge.handle('compose:send', () => {
      throw new CallFailure('DISCONNECTED', 'The connection to Parley dropped before it answered. Try again.');
    });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'important{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('lost the connection');
    expect(box).toHaveValue('important');
  });
});
