import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PresenceView, UserSummary } from '../../../common/model';
import { PresenceState } from '../../state/presence.svelte';
import { SELF_ID } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import DmList from './DmList.svelte';
import UserList from './UserList.svelte';

const person = (id: number, fullName: string, extra: Partial<UserSummary> = {}): UserSummary => ({
  id,
  fullName,
  email: `${id}@example.com`,
  avatarUrl: null,
  role: 400,
  isBot: false,
  isActive: true,
  ...extra,
});

const USERS = [
  person(SELF_ID, 'Me Myself'),
  person(11, 'Alice Adams'),
  person(12, 'bob Brown'),
  person(13, 'Cleo Cruz'),
  person(14, 'Deploy Bot', { isBot: true }),
  person(15, 'Gone Away', { isActive: false }),
];

async function presenceWith(list: PresenceView[]) {
  let current = list;
  const bridge = new MemoryBridge().handle('presence:list', () => current);
  const presence = new PresenceState(bridge.client(), 'acc-1', SELF_ID);
  await presence.load();
  return { bridge, presence, set: (next: PresenceView[]) => (current = next) };
}

const rowNames = () =>
  within(screen.getByRole('navigation', { name: 'People' }))
    .getAllByRole('listitem')
    .map(
      (li) => `${within(li).getByRole('img').getAttribute('aria-label')} ${within(li).getByRole('button').textContent}`,
    );

describe('UserList', () => {
  it('lists people active first, then idle, then offline, by name, without bots or deactivated accounts', async () => {
    const { presence } = await presenceWith([
      { userId: 12, status: 'active', lastSeen: 100 },
      { userId: 13, status: 'idle', lastSeen: 90 },
      { userId: SELF_ID, status: 'active', lastSeen: 100 },
    ]);
    render(UserList, { users: USERS, presence, current: null, onOpen: vi.fn() });
    expect(rowNames()).toEqual(['Active bob Brown', 'Active Me Myself (you)', 'Idle Cleo Cruz', 'Offline Alice Adams']);
  });

  it('opens the conversation with someone, and the notes to self from one’s own row', async () => {
    const { presence } = await presenceWith([]);
    const onOpen = vi.fn();
    render(UserList, { users: USERS, presence, current: { kind: 'dm', userIds: [11] }, onOpen });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Alice Adams' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Cleo Cruz' }));
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'dm', userIds: [13] });
    await user.click(screen.getByRole('button', { name: 'Me Myself (you)' }));
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'dm', userIds: [] });
  });

  it('follows main when presence changes', async () => {
    const { bridge, presence, set } = await presenceWith([]);
    render(UserList, { users: USERS, presence, current: null, onOpen: vi.fn() });
    const alice = () => within(screen.getByRole('button', { name: 'Alice Adams' }).closest('li')!).getByRole('img');
    expect(alice()).toHaveAccessibleName('Offline');
    set([{ userId: 11, status: 'active', lastSeen: 5 }]);
    bridge.emit('records:changed', { accountId: 'other', areas: ['presence'] });
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['presence'] });
    await vi.waitFor(() => expect(alice()).toHaveAccessibleName('Active'));
    expect(bridge.callsOf('presence:list')).toHaveLength(2);
  });
});

describe('DmList with presence', () => {
  it('shows the other person’s dot on one-to-one conversations only', async () => {
    const { presence } = await presenceWith([{ userId: 11, status: 'idle', lastSeen: 1 }]);
    render(DmList, {
      dms: [
        { userIds: [11], names: ['Alice Adams'], maxMessageId: 3, unreadCount: 0 },
        { userIds: [11, 12], names: ['Alice Adams', 'bob Brown'], maxMessageId: 2, unreadCount: 0 },
        { userIds: [], names: [], maxMessageId: 1, unreadCount: 0 },
      ],
      current: null,
      onOpen: vi.fn(),
      presence,
    });
    const [one, group, self] = within(screen.getByRole('navigation', { name: 'Direct messages' })).getAllByRole(
      'listitem',
    );
    expect(within(one!).getByRole('img')).toHaveAccessibleName('Idle');
    expect(within(group!).queryByRole('img')).toBeNull();
    expect(within(self!).queryByRole('img')).toBeNull();
  });
});
