import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PresenceView } from '../../../common/model';
import { PresenceState } from '../../state/presence.svelte';
import { SELF_ID, person } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import DmList from './DmList.svelte';
import UserList from './UserList.svelte';

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

/** A big organization: Person 01 … Person 60, plus the user and a José who sorts late. */
const CROWD = [
  person(SELF_ID, 'Me Myself'),
  ...Array.from({ length: 60 }, (_, i) => person(100 + i, `Person ${String(i + 1).padStart(2, '0')}`)),
  person(200, 'Zé José Ortiz'),
];
const dm = (userIds: number[], maxMessageId: number) => ({ userIds, names: [], maxMessageId, unreadCount: 0 });
const names = () => rowNames().map((row) => row.replace(/^(Active|Idle|Offline) /, ''));

describe('UserList in a big organization', () => {
  async function renderCrowd() {
    const { presence } = await presenceWith([
      { userId: 150, status: 'active', lastSeen: 100 },
      { userId: 120, status: 'active', lastSeen: 100 },
      { userId: 140, status: 'idle', lastSeen: 90 },
    ]);
    const onOpen = vi.fn();
    // Newest conversation first: with Person 60, then a group with Person 41 and Person 21 (active).
    const dms = [dm([159], 30), dm([140, 120], 20), dm([], 10)];
    render(UserList, { users: CROWD, presence, current: null, onOpen, dms });
    return { onOpen, user: userEvent.setup() };
  }

  it('shows the twenty most relevant: active, idle, recent conversations, then the rest by name', async () => {
    await renderCrowd();
    const shown = rowNames();
    expect(shown).toHaveLength(20);
    expect(shown.slice(0, 4)).toEqual(['Active Person 21', 'Active Person 51', 'Idle Person 41', 'Offline Person 60']);
    expect(shown.slice(4, 7)).toEqual(['Offline Me Myself (you)', 'Offline Person 01', 'Offline Person 02']);
    expect(shown).not.toContain('Offline Zé José Ortiz');
    const people = screen.getByRole('navigation', { name: 'People' });
    expect(within(people).getByText('42 more people. Filter to find anyone.')).toBeVisible();
  });

  it('filters everyone by name, without regard to case or accents, and Escape clears the filter', async () => {
    const { onOpen, user } = await renderCrowd();
    const filter = screen.getByRole('searchbox', { name: 'Filter people' });
    await user.type(filter, 'JOSE');
    expect(rowNames()).toEqual(['Offline Zé José Ortiz']);
    await user.click(screen.getByRole('button', { name: 'Zé José Ortiz' }));
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'dm', userIds: [200] });

    await user.clear(filter);
    await user.type(filter, 'person 4');
    // Person 41 is idle; the rest of Person 40 … 49 follow by name.
    const rest = [40, 42, 43, 44, 45, 46, 47, 48, 49].map((n) => `Person ${n}`);
    expect(names()).toEqual(['Person 41', ...rest]);
    await user.type(filter, '{Escape}');
    expect(filter).toHaveValue('');
    expect(rowNames()).toHaveLength(20);
  });

  it('says when nobody matches, and how many more match than it lists', async () => {
    const { user } = await renderCrowd();
    const filter = screen.getByRole('searchbox', { name: 'Filter people' });
    await user.type(filter, 'nobody here');
    const people = screen.getByRole('navigation', { name: 'People' });
    expect(within(people).getByText('No one matches “nobody here”.')).toBeVisible();
    expect(within(people).queryAllByRole('listitem')).toHaveLength(0);
    await user.clear(filter);
    await user.type(filter, 'person');
    expect(rowNames()).toHaveLength(50);
    expect(within(people).getByText('10 more match. Keep typing to narrow it down.')).toBeVisible();
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
