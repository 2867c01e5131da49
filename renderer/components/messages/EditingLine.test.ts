import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageActions } from '../../state/messageActions';
import { TypingState } from '../../state/typing.svelte';
import { person, SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import EditingLine from './EditingLine.svelte';
import MessageEditor from './MessageEditor.svelte';

describe('"… is editing"', () => {
  it('is shown under a message others are editing, and goes when they stop', async () => {
    const bridge = new MemoryBridge();
    const typing = new TypingState(bridge.client(), 'acc-1', SELF_ID);
    const actions = new MessageActions(bridge.client(), 'acc-1', SELF_ID, false, typing);
    const users = [person(SELF_ID, 'Me Myself'), person(11, 'Ada Lovelace'), person(12, 'Bo Diddley')];
    render(EditingLine, { actions, messageId: 7, sidebar: sidebar({ users }) });
    expect(screen.queryByRole('status')).toBeNull();
    bridge.emit('typing:editing', { accountId: 'acc-1', editing: [{ messageId: 7, userIds: [11] }] });
    expect(await screen.findByRole('status')).toHaveTextContent('Ada Lovelace is editing…');
    // Another message's editors, another account's, and the user's own edits elsewhere are not shown here.
    bridge.emit('typing:editing', { accountId: 'other', editing: [{ messageId: 7, userIds: [12] }] });
    bridge.emit('typing:editing', {
      accountId: 'acc-1',
      editing: [
        { messageId: 7, userIds: [SELF_ID, 11, 12] },
        { messageId: 8, userIds: [12] },
      ],
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Ada Lovelace and Bo Diddley are editing…'),
    );
    bridge.emit('typing:editing', { accountId: 'acc-1', editing: [] });
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    typing.dispose();
  });

  it('is sent from the edit box: start on each keystroke, stop when the editor closes', async () => {
    const sent: string[] = [];
    const { unmount } = render(MessageEditor, {
      initial: 'words',
      onSave: async () => {},
      onCancel: () => {},
      onTyping: (op: 'start' | 'stop') => sent.push(op),
    });
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Edit message' }), 'ab');
    expect(sent).toEqual(['start', 'start']);
    unmount();
    expect(sent).toEqual(['start', 'start', 'stop']);
  });

  it('says nothing when the editor closes untouched', () => {
    const sent: string[] = [];
    const { unmount } = render(MessageEditor, {
      initial: 'words',
      onSave: async () => {},
      onCancel: () => {},
      onTyping: (op: 'start' | 'stop') => sent.push(op),
    });
    unmount();
    expect(sent).toEqual([]);
  });
});
