import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BotView } from '../../../common/model';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import BotsAdmin from './BotsAdmin.svelte';

const KEY = 'abcdEFGHijklMNOPqrstUVWXyz012345';
const TWIN_REFUSAL =
  'There is already an active bot named "Twin Bot" in this organization. To reactivate this bot, you must rename or deactivate the other one first.';

function setup() {
  let bots: BotView[] = [
    {
      userId: 9,
      fullName: 'Build Bot',
      email: 'build-bot@parley.example',
      botType: 1,
      isActive: true,
      ownerId: 3,
      avatarUrl: null,
    },
    { userId: 11, fullName: 'Old Bot', email: 'old-bot@x', botType: 1, isActive: false, ownerId: 3, avatarUrl: null },
    { userId: 12, fullName: 'Twin Bot', email: 'twin-bot@x', botType: 1, isActive: false, ownerId: 3, avatarUrl: null },
  ];
  const bridge = new MemoryBridge()
    .handle('bots:list', () => bots)
    .handle('bots:create', (a) => {
      if (a.shortName === 'build') throw new CallFailure('BAD_REQUEST', 'Username already in use');
      bots = [...bots, { ...bots[0]!, userId: 20, fullName: a.fullName, email: `${a.shortName}-bot@x`, ownerId: 1 }];
      return { userId: 20, apiKey: KEY };
    })
    .handle('bots:deactivate', (a) => {
      bots = bots.map((b) => (b.userId === a.userId ? { ...b, isActive: false } : b));
      return null;
    })
    .handle('users:reactivate', (a) => {
      if (a.userId === 12) throw new CallFailure('BAD_REQUEST', TWIN_REFUSAL);
      bots = bots.map((b) => (b.userId === a.userId ? { ...b, isActive: true } : b));
      return null;
    });
  const users = [
    { id: 3, fullName: 'Amir Haddad', email: '', avatarUrl: null, role: 400, isBot: false, isActive: true },
  ];
  render(BotsAdmin, { bridge: bridge.client(), accountId: 'acc-1', users });
  return { bridge, user: userEvent.setup() };
}

describe('BotsAdmin', () => {
  it('lists bots marked as bots with their owner, and deactivates one', async () => {
    const { bridge, user } = setup();
    const row = await screen.findByRole('listitem', { name: 'Build Bot' });
    expect(row).toHaveTextContent('Bot');
    expect(row).toHaveTextContent('owner Amir Haddad');
    await user.click(within(row).getByRole('button', { name: 'Deactivate Build Bot' }));
    expect(bridge.callsOf('bots:deactivate')).toEqual([{ accountId: 'acc-1', userId: 9 }]);
    await vi.waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Build Bot' })).toHaveTextContent('deactivated'),
    );
    expect(screen.queryByRole('button', { name: 'Deactivate Build Bot' })).toBeNull();
  });

  it('adds a bot and shows its API key once', async () => {
    const { bridge, user } = setup();
    const form = screen.getByRole('form', { name: 'Add a bot' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Deploy Notifier');
    await user.type(within(form).getByRole('textbox', { name: 'Username' }), 'deploy');
    await user.click(within(form).getByRole('button', { name: 'Add bot' }));
    expect(bridge.callsOf('bots:create')).toEqual([
      { accountId: 'acc-1', fullName: 'Deploy Notifier', shortName: 'deploy' },
    ]);
    const notice = await screen.findByRole('status', { name: "New bot's API key" });
    expect(notice).toHaveTextContent(KEY);
    await screen.findByRole('listitem', { name: 'Deploy Notifier' });
    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it('says why a bot was refused and keeps what was typed', async () => {
    const { user } = setup();
    const form = screen.getByRole('form', { name: 'Add a bot' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Another');
    await user.type(within(form).getByRole('textbox', { name: 'Username' }), 'build');
    await user.click(within(form).getByRole('button', { name: 'Add bot' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Username already in use');
    expect(within(form).getByRole('textbox', { name: 'Username' })).toHaveValue('build');
    expect(screen.queryByRole('status', { name: "New bot's API key" })).toBeNull();
  });

  it("reactivates a deactivated bot, and says in the server's words why one was refused", async () => {
    const { bridge, user } = setup();
    const old = await screen.findByRole('listitem', { name: 'Old Bot' });
    expect(old).toHaveTextContent('deactivated');
    await user.click(within(old).getByRole('button', { name: 'Reactivate Old Bot' }));
    expect(bridge.callsOf('users:reactivate')).toEqual([{ accountId: 'acc-1', userId: 11 }]);
    await vi.waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Old Bot' })).not.toHaveTextContent('deactivated'),
    );
    expect(screen.getByRole('button', { name: 'Deactivate Old Bot' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reactivate Twin Bot' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWIN_REFUSAL);
    expect(screen.getByRole('listitem', { name: 'Twin Bot' })).toHaveTextContent('deactivated');
  });
});
