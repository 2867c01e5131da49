import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../../common/model';
import { MessageActions } from '../../state/messageActions';
import { message, SELF_ID, sidebar } from '../../testing/fixtures';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import { formatFullTime } from '../../lib/format';
import MessageItem from './MessageItem.svelte';

function setup(view: MessageView, canModerate = false) {
  const bridge = new MemoryBridge()
    .handle('messages:star', () => null)
    .handle('messages:react', () => null)
    .handle('messages:edit', () => null)
    .handle('messages:raw', ({ messageId }) => ({ content: `**first** words of ${messageId}` }))
    .handle('messages:delete', () => null)
    .handle('messages:markRead', () => ({ count: 1 }))
    .handle('outbox:edit', () => null)
    .handle('outbox:discard', () => null);
  const actions = new MessageActions(bridge.client(), 'acc-1', SELF_ID);
  render(MessageItem, {
    message: view,
    continued: false,
    baseUrl: 'https://chat.example.com',
    selfUserId: SELF_ID,
    actions,
    sidebar: sidebar(),
    canModerate,
  });
  return { bridge, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole('button', { name: 'Message actions' }));
  await user.click(screen.getByRole('menuitem', { name: item }));
}

describe('MessageItem actions', () => {
  it('stars and reacts through the menu, and toggles an existing reaction', async () => {
    const { bridge, user } = setup(
      message({
        reactions: [{ emojiName: 'heart', emojiCode: '2764', reactionType: 'unicode_emoji', userIds: [SELF_ID] }],
      }),
    );
    await choose(user, 'Star message');
    expect(bridge.callsOf('messages:star')).toEqual([{ accountId: 'acc-1', messageIds: [100], starred: true }]);

    await choose(user, 'Add reaction');
    await user.click(
      within(screen.getByRole('region', { name: 'Frequently used' })).getByRole('button', { name: ':tada:' }),
    );
    expect(bridge.callsOf('messages:react')[0]).toEqual({
      accountId: 'acc-1',
      messageId: 100,
      emoji: { name: 'tada', code: '1f389', type: 'unicode_emoji' },
      op: 'add',
    });

    await user.click(screen.getByRole('button', { name: 'heart: 1, including you' }));
    expect(bridge.callsOf('messages:react')[1]).toMatchObject({ emoji: { name: 'heart' }, op: 'remove' });
  });

  it('offers edit and delete only on the user’s own messages (or to moderators)', async () => {
    const { user } = setup(message({ senderId: 11 }));
    await user.click(screen.getByRole('button', { name: 'Message actions' }));
    const items = screen.getAllByRole('menuitem').map((el) => el.textContent);
    expect(items).not.toContain('Edit message');
    expect(items).not.toContain('Delete message');
    expect(items).toContain('Move message');
  });

  it('edits the user’s own message inline, starting from its Markdown, and shows a refusal beside it', async () => {
    const { bridge, user } = setup(message({ senderId: SELF_ID, contentHtml: '<p><strong>first</strong> words</p>' }));
    await choose(user, 'Edit message');
    const box = await screen.findByRole('textbox', { name: 'Edit message' });
    expect(box).toHaveValue('**first** words of 100');
    expect(bridge.callsOf('messages:raw')).toEqual([{ accountId: 'acc-1', messageId: 100 }]);
    bridge.handle('messages:edit', () => {
      throw new CallFailure('BAD_REQUEST', 'The time limit for editing this message has passed');
    });
    await user.clear(box);
    await user.type(box, 'better words');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('time limit');
    expect(box).toHaveValue('better words');
    expect(bridge.callsOf('messages:edit')).toEqual([
      { accountId: 'acc-1', messageId: 100, edit: { content: 'better words' } },
    ]);
  });

  it('keeps the editor closed and says why when the Markdown cannot be fetched', async () => {
    const { bridge, user } = setup(message({ senderId: SELF_ID, contentHtml: '<p>words</p>' }));
    bridge.handle('messages:raw', () => {
      throw new CallFailure('UNREACHABLE', 'Could not reach the server. Check your connection.');
    });
    await choose(user, 'Edit message');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not open the message for editing. Could not reach that server',
    );
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    expect(screen.getByText('words')).toBeInTheDocument();
  });

  it('deletes after confirming', async () => {
    const { bridge, user } = setup(message({ senderId: SELF_ID }));
    await choose(user, 'Delete message');
    expect(bridge.callsOf('messages:delete')).toHaveLength(0);
    await user.click(
      within(screen.getByRole('group', { name: 'Delete this message?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(bridge.callsOf('messages:delete')).toEqual([{ accountId: 'acc-1', messageId: 100 }]);
  });

  it('moves a message to another topic with the chosen propagate mode', async () => {
    const { bridge, user } = setup(message());
    await choose(user, 'Move message');
    const form = screen.getByRole('form', { name: 'Move message' });
    await user.clear(within(form).getByRole('textbox', { name: 'New topic' }));
    await user.type(within(form).getByRole('textbox', { name: 'New topic' }), 'moved here');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Which messages' }), 'change_one');
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    expect(bridge.callsOf('messages:edit')[0]?.edit).toEqual({
      topic: 'moved here',
      propagateMode: 'change_one',
      notifyOldThread: false,
      notifyNewThread: true,
    });
  });

  it('shows why a send failed, with Edit and Discard', async () => {
    const { bridge, user } = setup(
      message({
        id: -3,
        localId: 'L3',
        senderId: SELF_ID,
        sendError: 'You are not allowed to post here',
        contentHtml: '<p>hi</p>',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Not sent: You are not allowed to post here');
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit unsent message' });
    await user.type(box, ' again');
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(bridge.callsOf('outbox:edit')).toEqual([
      { accountId: 'acc-1', localId: 'L3', content: 'hi again', to: undefined },
    ]);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(bridge.callsOf('outbox:discard')).toEqual([{ accountId: 'acc-1', localId: 'L3' }]);
  });
});

describe('MessageItem time', () => {
  it('writes the full date and time as the tooltip when the pointer comes to the time, not when drawn', async () => {
    const view = message({ id: 42, timestamp: 1_700_000_000 });
    const { user } = setup(view);
    const time = document.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', new Date(1_700_000_000 * 1000).toISOString());
    expect(time).not.toHaveAttribute('title');
    await user.hover(time);
    expect(time).toHaveAttribute('title', formatFullTime(1_700_000_000));
  });
});
