/**
 * A message's actions menu is worked out when it opens, not when the row is drawn (issue 28 item 4):
 * a channel switch mounts 10-15 rows at once, and an incoming message's read flag changes a row
 * again, each building a menu nobody opened.
 */
import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { MessageActions } from '../../state/messageActions';
import { message, SELF_ID } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MessageItem from './MessageItem.svelte';
import type { MessageMenuHost } from './messageMenu';

it('builds its menu only when the menu is opened, and again for a message changed while closed', async () => {
  const reply = vi.fn();
  // The menu asks the host for its Reply item: each ask is one build of the menu.
  const asked = vi.fn(() => reply);
  const menuHost: MessageMenuHost = {
    get reply() {
      return asked();
    },
  };
  const actions = new MessageActions(new MemoryBridge().client(), 'acc-1', SELF_ID);
  const view = message({ id: 42, read: false });
  const props = { message: view, continued: false, baseUrl: 'https://chat.example.com', selfUserId: SELF_ID };
  const { rerender } = render(MessageItem, { ...props, actions, menuHost });
  await rerender({ message: { ...view, read: true } });
  expect(asked).not.toHaveBeenCalled();

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Message actions' }));
  await user.click(screen.getByRole('menuitem', { name: 'Reply' }));
  expect(reply).toHaveBeenCalledWith(expect.objectContaining({ id: 42, read: true }));
});
