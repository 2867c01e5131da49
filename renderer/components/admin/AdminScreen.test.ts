import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeatureGates, PlaygroundView } from '../../../common/model';
import { sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import AdminScreen from './AdminScreen.svelte';

const GATES: FeatureGates = {
  navigationViews: true,
  savedSnippets: true,
  editSavedSnippets: true,
  channelFolders: false,
  createChannelDirectly: true,
  unmuteTopics: true,
  followTopics: true,
  channelTopicsPolicy: true,
  channelPermissions: [],
  draftsSync: true,
  inviteToGroups: true,
  scheduledMessages: true,
  reminders: true,
};

function setup() {
  const playgrounds: PlaygroundView[] = [];
  const bridge = new MemoryBridge()
    .handle('groups:list', () => ({
      items: [
        {
          id: 5,
          name: 'designers',
          description: '',
          isSystemGroup: false,
          deactivated: false,
          memberIds: [11],
          subgroupIds: [],
          settings: {},
        },
        {
          id: 2,
          name: 'role:administrators',
          description: 'Administrators of this organization',
          isSystemGroup: true,
          deactivated: false,
          memberIds: [1, 2],
          subgroupIds: [],
          settings: {},
        },
      ],
      next: null,
    }))
    .handle('profileFields:list', () => ({ items: [], next: null }))
    .handle('users:list', () => ({ items: sidebar().users, next: null }))
    .handle('playgrounds:list', () => ({ items: [...playgrounds], next: null }))
    .handle('playgrounds:create', (a) => {
      playgrounds.push({ id: 1, name: a.name, pygmentsLanguage: a.pygmentsLanguage, urlTemplate: a.urlTemplate });
      return { id: 1 };
    })
    .handle('invites:create', () => ({ link: 'https://chat.example.com/join/abc123/' }));
  render(AdminScreen, { bridge: bridge.client(), accountId: 'acc-1', sidebar: sidebar(), features: GATES });
  return { bridge, user: userEvent.setup() };
}

describe('AdminScreen', () => {
  it('names system groups as Zulip shows them and counts "1 member" in the singular', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'User groups' }));
    const list = await screen.findByRole('list', { name: 'Groups' });
    const admins = within(list).getByRole('listitem', { name: 'Administrators' });
    expect(admins).toHaveTextContent('2 members · system group');
    expect(admins).not.toHaveTextContent('role:administrators');
    expect(within(list).getByRole('listitem', { name: 'designers' })).toHaveTextContent('1 member');
    expect(within(list).getByRole('listitem', { name: 'designers' })).not.toHaveTextContent('1 members');
  });

  it('asks for the groups only when a tab showing them is opened, not with the Users tab', async () => {
    const { bridge, user } = setup();
    await screen.findByRole('listitem', { name: 'Me Myself' });
    expect(bridge.callsOf('groups:list')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'User groups' }));
    await screen.findByRole('list', { name: 'Groups' });
    expect(bridge.callsOf('groups:list')).toHaveLength(1);
    // Back and forth: still the one list, kept up to date by records:changed.
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(screen.getByRole('tab', { name: 'Invitations' }));
    expect(bridge.callsOf('groups:list')).toHaveLength(1);
  });

  it('hides areas the server lacks', () => {
    setup();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toContain('Code playgrounds');
    expect(tabs).not.toContain('Channel folders');
  });

  it('checks a playground URL template before asking the server, then adds it', async () => {
    const { bridge, user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Code playgrounds' }));
    const form = screen.getByRole('form', { name: 'Add a code playground' });
    await user.type(within(form).getByRole('textbox', { name: 'Playground name' }), 'Rust playground');
    await user.type(within(form).getByRole('textbox', { name: 'Language' }), 'Rust');
    const template = within(form).getByRole('textbox', { name: 'URL template' });
    await user.click(template);
    await user.paste('https://play.example.com/{lang}/{code}');
    await user.click(within(form).getByRole('button', { name: 'Add playground' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('exactly one variable, {code} (it has {lang}, {code})');
    expect(bridge.callsOf('playgrounds:create')).toHaveLength(0);

    await user.clear(template);
    await user.paste('https://play.example.com/?code={code}');
    await user.click(within(form).getByRole('button', { name: 'Add playground' }));
    expect(bridge.callsOf('playgrounds:create')).toEqual([
      {
        accountId: 'acc-1',
        name: 'Rust playground',
        pygmentsLanguage: 'Rust',
        urlTemplate: 'https://play.example.com/?code={code}',
      },
    ]);
    expect(await screen.findByRole('listitem', { name: 'Rust playground' })).toBeInTheDocument();
  });

  it('creates an invitation link with role, channels and groups, and shows it', async () => {
    const { bridge, user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Invitations' }));
    const form = screen.getByRole('form', { name: 'Create an invitation link' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Join as' }), 'Moderator');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Link expires after' }), 'Never');
    await user.click(within(form).getByRole('checkbox', { name: '#general' }));
    await user.click(await within(form).findByRole('checkbox', { name: 'designers' }));
    await user.click(within(form).getByRole('button', { name: 'Create invitation link' }));
    expect(bridge.callsOf('invites:create')).toEqual([
      { accountId: 'acc-1', inviteAs: 300, expiresInMinutes: null, channelIds: [1], groupIds: [5] },
    ]);
    expect(await screen.findByRole('textbox', { name: 'New invitation link' })).toHaveValue(
      'https://chat.example.com/join/abc123/',
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
