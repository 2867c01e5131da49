import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DraftView } from '../../../common/model';
import { sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import DraftsScreen from './DraftsScreen.svelte';

describe('DraftsScreen', () => {
  it('lists drafts with where they go, opens one and deletes another', async () => {
    let drafts: DraftView[] = [
      {
        id: 'a',
        to: { kind: 'channel', channelId: 1, topic: 'greetings' },
        content: 'half done',
        timestamp: 1,
        synced: true,
        syncError: null,
      },
      {
        id: 'b',
        to: { kind: 'dm', userIds: [11] },
        content: 'for Alice',
        timestamp: 2,
        synced: false,
        syncError: 'offline',
      },
    ];
    const bridge = new MemoryBridge()
      .handle('drafts:list', () => ({ items: drafts, next: null }))
      .handle('drafts:delete', ({ id }) => {
        drafts = drafts.filter((d) => d.id !== id);
        return null;
      });
    const onResume = vi.fn();
    render(DraftsScreen, { bridge: bridge.client(), accountId: 'acc-1', sidebar: sidebar(), onResume });
    const user = userEvent.setup();
    const topicDraft = await screen.findByRole('listitem', { name: 'Draft to #general > greetings' });
    const dmDraft = screen.getByRole('listitem', { name: 'Draft to Direct message with Alice Adams' });
    expect(dmDraft).toHaveTextContent('not synced: offline');

    await user.click(within(topicDraft).getByRole('button', { name: 'Open' }));
    expect(onResume).toHaveBeenCalledWith(drafts[0]);
    await user.click(within(dmDraft).getByRole('button', { name: 'Delete' }));
    expect(bridge.callsOf('drafts:delete')).toEqual([{ accountId: 'acc-1', id: 'b' }]);
    await vi.waitFor(() => expect(screen.queryByText('for Alice')).toBeNull());
  });

  it('refetches when main says drafts changed', async () => {
    let content = 'one';
    const bridge = new MemoryBridge().handle('drafts:list', () => ({
      items: [{ id: 'a', to: null, content, timestamp: 1, synced: true, syncError: null }],
      next: null,
    }));
    render(DraftsScreen, { bridge: bridge.client(), accountId: 'acc-1', sidebar: sidebar(), onResume: vi.fn() });
    await screen.findByText('one');
    content = 'two';
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['drafts'] });
    expect(await screen.findByText('two')).toBeInTheDocument();
  });
});
