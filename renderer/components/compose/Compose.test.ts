import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EffectiveTopicsPolicy, Narrow } from '../../../common/model';
import { ComposeState } from '../../state/compose.svelte';
import { sidebar } from '../../testing/fixtures';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import Compose from './Compose.svelte';

function setup(narrow: Narrow, topicsPolicy?: EffectiveTopicsPolicy, archived = false) {
  const bridge = new MemoryBridge().handle('compose:send', () => ({ localId: 'L1' }));
  const compose = new ComposeState(bridge.client(), 'acc-1');
  compose.setNarrow(narrow);
  const bar = sidebar();
  if (topicsPolicy) bar.channels = bar.channels.map((c) => ({ ...c, topicsPolicy }));
  if (archived) bar.channels = bar.channels.map((c) => ({ ...c, isArchived: true }));
  render(Compose, { compose, sidebar: bar, onSend: async () => void (await compose.send()) });
  return { bridge, compose, user: userEvent.setup() };
}

describe('Compose', () => {
  it('sends to the open topic on Enter and clears the box', async () => {
    const { bridge, user } = setup({ kind: 'topic', channelId: 1, topic: 'greetings' });
    expect(screen.queryByRole('combobox', { name: 'Topic' })).toBeNull();
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

    await user.type(screen.getByRole('combobox', { name: 'Topic' }), 'plans');
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

describe('Compose in an archived channel', () => {
  it('is read-only and says why in words', async () => {
    const { bridge, user } = setup({ kind: 'topic', channelId: 1, topic: 'greetings' }, undefined, true);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(/archived.*no one can post/);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'hello{Enter}');
    expect(bridge.callsOf('compose:send')).toHaveLength(0);
  });

  it('is open again in a channel that is not archived', () => {
    setup({ kind: 'topic', channelId: 1, topic: 'greetings' });
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    expect(screen.queryByText(/archived/)).toBeNull();
  });
});

describe('Compose with enter_sends off', () => {
  it('starts a new line on Enter and sends on Ctrl+Enter, as Zulip does', async () => {
    const bridge = new MemoryBridge().handle('compose:send', () => ({ localId: 'L1' }));
    const compose = new ComposeState(bridge.client(), 'acc-1');
    compose.setNarrow({ kind: 'dm', userIds: [11] });
    render(Compose, {
      compose,
      sidebar: sidebar(),
      enterSends: false,
      onSend: async () => void (await compose.send()),
    });
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'one{Enter}two');
    expect(box).toHaveValue('one\ntwo');
    expect(bridge.callsOf('compose:send')).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(bridge.callsOf('compose:send')[0]?.content).toBe('one\ntwo');
  });

  it('with Enter sending, Ctrl+Enter starts a new line instead of sending, as Zulip does', async () => {
    const { bridge, user } = setup({ kind: 'dm', userIds: [11] });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'one{Control>}{Enter}{/Control}two');
    expect(box).toHaveValue('one\ntwo');
    expect(bridge.callsOf('compose:send')).toHaveLength(0);
  });

  it('formats the selection: Ctrl+B bold, Ctrl+I italic, Ctrl+Shift+L a link', async () => {
    const { user } = setup({ kind: 'dm', userIds: [11] });
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    await user.type(box, 'see the docs');
    box.setSelectionRange(8, 12);
    await user.keyboard('{Control>}b{/Control}');
    expect(box).toHaveValue('see the **docs**');
    await user.keyboard('{Control>}b{/Control}');
    expect(box).toHaveValue('see the docs');
    box.setSelectionRange(0, 3);
    await user.keyboard('{Control>}i{/Control}');
    expect(box).toHaveValue('*see* the docs');
    box.setSelectionRange(10, 14);
    await user.keyboard('{Control>}{Shift>}L{/Shift}{/Control}');
    expect(box).toHaveValue('*see* the [docs](url)');
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('url');
  });
});

describe('Compose and the empty topic', () => {
  it('sends to "general chat" (the empty topic) where the channel allows it, and says so', async () => {
    const { bridge, user } = setup({ kind: 'channel', channelId: 1 }, 'allow_empty_topic');
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    expect(topic).toHaveAttribute('placeholder', 'general chat');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hi all{Enter}');
    expect(bridge.callsOf('compose:send')[0]?.to).toEqual({ kind: 'channel', channelId: 1, topic: '' });
  });

  it('asks for no topic where the channel takes only the empty topic', async () => {
    const { bridge, user } = setup({ kind: 'channel', channelId: 1 }, 'empty_topic_only');
    expect(screen.queryByRole('combobox', { name: 'Topic' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hi{Enter}');
    expect(bridge.callsOf('compose:send')[0]?.to).toEqual({ kind: 'channel', channelId: 1, topic: '' });
  });
});

describe('Compose autocomplete', () => {
  it('completes a mention with the arrow keys and Enter, without sending', async () => {
    const { bridge, user } = setup({ kind: 'dm', userIds: [11] });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'hi @ali');
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Alice Adams');
    expect(box.getAttribute('aria-activedescendant')).toBe('compose-typeahead-0');
    expect(list).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('hi @**Alice Adams** ');
    expect(bridge.callsOf('compose:send')).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'look{Enter}');
    expect(bridge.callsOf('compose:send')[0]?.content).toBe('hi @**Alice Adams** look');
  });

  it('links a channel, then one of its topics, and closes on Escape keeping the text', async () => {
    const { user } = setup({ kind: 'dm', userIds: [11] });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '#gen');
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('#**general**');
    await user.type(box, '>gre');
    const options = screen.getAllByRole('option').map((o) => o.textContent!.replace(/\s+/g, ' ').trim());
    expect(options).toEqual(['gre #general', 'greetings #general']);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('#**general**>gre');
  });

  it('completes emoji by name and inserts from the picker at the caret', async () => {
    const { user } = setup({ kind: 'dm', userIds: [11] });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'ship :tad');
    await screen.findByRole('option', { name: /:tada:/ });
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('ship :tada: ');
    await user.click(screen.getByRole('button', { name: 'Add emoji' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search emoji' }), 'rocket{Enter}');
    expect(box).toHaveValue('ship :tada: :rocket: ');
    expect(screen.queryByRole('group', { name: 'Insert emoji' })).toBeNull();
  });
});
