import { render, screen, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { PresenceState } from '../../state/presence.svelte';
import { SidebarState } from '../../state/sidebar.svelte';
import { SELF_ID, person, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import * as people from './people';
import Sidebar from './Sidebar.svelte';

// The People list's sort of everyone, counted: at 30,000 people it is the costly step.
vi.mock('./people', async (original) => {
  const real = await original<typeof people>();
  return { ...real, listablePeople: vi.fn(real.listablePeople) };
});

describe('Sidebar', () => {
  it('sorts the People list again for a change of the people, not for a new message', async () => {
    const bridge = new MemoryBridge()
      .handle('sidebar:get', () => sidebar({ users: [person(SELF_ID, 'Me Myself'), person(11, 'Alice Adams')] }))
      .handle('presence:list', () => []);
    const state = new SidebarState(bridge.client(), 'acc-1');
    const presence = new PresenceState(bridge.client(), 'acc-1', SELF_ID);
    await Promise.all([state.load(), presence.load()]);
    render(Sidebar, { sidebar: state, current: null, onOpen: vi.fn(), presence });
    const list = () => within(screen.getByRole('navigation', { name: 'People' }));
    expect(list().getByRole('button', { name: 'Alice Adams' })).toBeInTheDocument();
    const sorts = vi.mocked(people.listablePeople).mock.calls.length;

    // A new message: its channel's row and a DM row change, the people do not.
    const { topics: _topics, ...head } = sidebar().channels[0]!;
    bridge.emit('sidebar:delta', { delta: { accountId: 'acc-1', channels: [{ ...head, unreadCount: 9 }] } });
    bridge.emit('sidebar:delta', { delta: { accountId: 'acc-1', dms: [{ ...sidebar().dms[0]!, unreadCount: 2 }] } });
    await tick();
    expect(state.channel(head.id)?.unreadCount).toBe(9);
    expect(vi.mocked(people.listablePeople).mock.calls.length).toBe(sorts);

    bridge.emit('sidebar:delta', { delta: { accountId: 'acc-1', users: [person(11, 'Alice Baker')] } });
    await tick();
    expect(list().getByRole('button', { name: 'Alice Baker' })).toBeInTheDocument();
    expect(vi.mocked(people.listablePeople).mock.calls.length).toBe(sorts + 1);
  });
});
