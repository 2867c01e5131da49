import { render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppState, Narrow } from '../common/model';
import App from './App.svelte';
import { account, message, serverInfo, sidebar } from './testing/fixtures';
import { CallFailure, MemoryBridge } from './testing/memoryBridge';

function mainSide(state: Partial<AppState> = {}): MemoryBridge {
  return new MemoryBridge()
    .handle('app:state', () => ({
      accounts: [account()],
      activeAccountId: 'acc-1',
      lastView: { kind: 'channel', channelId: 1 },
      keychain: { kind: 'keychain', name: 'the Secret Service (GNOME Keyring or KWallet)' },
      doNotDisturb: false,
      ...state,
    }))
    .handle('sidebar:get', () => sidebar())
    .handle('view:open', () => null)
    .handle('account:signOut', () => null)
    .handle('server:probe', () => serverInfo())
    .handle('messages:page', ({ narrow }) => ({
      narrow,
      messages: [
        message({
          id: 100,
          channelId: narrow.kind === 'dm' ? null : 1,
          contentHtml: `<p>in ${narrowText(narrow)}</p>`,
        }),
      ],
      foundOldest: true,
      foundNewest: true,
      fromCache: true,
    }));
}

function narrowText(narrow: Narrow): string {
  return narrow.kind === 'channel'
    ? `channel ${narrow.channelId}`
    : narrow.kind === 'topic'
      ? `topic ${narrow.topic}`
      : 'dm';
}

describe('App', () => {
  it('shows sign-in when there is no account', async () => {
    render(App, { bridge: mainSide({ accounts: [], activeAccountId: null, lastView: null }).client() });
    expect(await screen.findByRole('textbox', { name: 'Server URL' })).toBeInTheDocument();
  });

  it('says why it cannot start when app:state fails, and retries', async () => {
    const bridge = mainSide();
    bridge.handle('app:state', () => {
      throw new CallFailure('INTERNAL', 'database is corrupt');
    });
    render(App, { bridge: bridge.client() });
    expect(await screen.findByRole('alert')).toHaveTextContent('database is corrupt');
    bridge.handle('app:state', () => ({
      accounts: [],
      activeAccountId: null,
      lastView: null,
      keychain: { kind: 'keychain', name: 'the Secret Service (GNOME Keyring or KWallet)' },
      doNotDisturb: false,
    }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Server URL' })).toBeInTheDocument();
  });

  it('opens the last view at once on start', async () => {
    const bridge = mainSide();
    render(App, { bridge: bridge.client() });
    const log = await screen.findByRole('log', { name: '#general' });
    expect(await within(log).findByText('in channel 1')).toBeInTheDocument();
    expect(bridge.callsOf('messages:page')[0]).toEqual({
      accountId: 'acc-1',
      narrow: { kind: 'channel', channelId: 1 },
      anchor: 'first_unread',
      before: 100,
      after: 100,
      // What the cache holds shows at once; the server is not waited for.
      cacheFirst: true,
    });
    expect(screen.getByRole('combobox', { name: 'Topic' })).toBeInTheDocument();
    // The conversation is asked for before the sidebar, so its rows are drawn first.
    const order = bridge.calls.map((c) => c.name).filter((n) => n === 'messages:page' || n === 'sidebar:get');
    expect(order.slice(0, 2)).toEqual(['messages:page', 'sidebar:get']);
  });

  it('heads the first rows with the names their page came with while the sidebar is on its way', async () => {
    let release: (() => void) | undefined;
    const renamed = sidebar();
    renamed.channels[0]!.name = 'general-renamed';
    const bridge = mainSide()
      .handle('sidebar:get', () => new Promise((resolve) => (release = () => resolve(renamed))))
      .handle('messages:page', ({ narrow }) => ({
        narrow,
        messages: [message({ id: 100, channelId: 1, topic: 'greetings', contentHtml: '<p>hello</p>' })],
        foundOldest: true,
        foundNewest: true,
        fromCache: true,
        names: { channels: [{ id: 1, name: 'general' }], users: [], emptyTopicDisplayName: 'general chat' },
      }));
    render(App, { bridge: bridge.client() });
    // Not "#channel 1": the page named its channel.
    const log = await screen.findByRole('log', { name: '#general' });
    expect(await within(log).findByRole('button', { name: '#general > greetings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '#general' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /message/i })).toHaveAttribute('placeholder', 'Message #general');
    expect(release).toBeDefined();
    // Once the sidebar is in, its names (here, newer ones) are shown.
    release!();
    expect(await screen.findByRole('log', { name: '#general-renamed' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '#general-renamed' })).toBeInTheDocument();
  });

  it('navigates from the sidebar and keeps unread counts current', async () => {
    const bridge = mainSide({ lastView: null });
    const user = userEvent.setup();
    render(App, { bridge: bridge.client() });
    const channels = await screen.findByRole('navigation', { name: 'Channels' });
    expect(within(channels).getByText('3 unread')).toBeInTheDocument();

    const next = sidebar();
    next.channels[0]!.unreadCount = 5;
    next.channels[0]!.topics[0]!.unreadCount = 4;
    bridge.emit('sidebar:changed', { sidebar: next });
    expect(await within(channels).findByText('5 unread')).toBeInTheDocument();

    await user.click(within(channels).getByRole('button', { name: 'design' }));
    expect(await screen.findByRole('log', { name: '#design' })).toBeInTheDocument();
    expect(bridge.callsOf('view:open').at(-1)).toEqual({
      accountId: 'acc-1',
      narrow: { kind: 'channel', channelId: 2 },
    });

    await user.click(within(channels).getByRole('button', { name: 'Topics in general' }));
    await user.click(within(channels).getByRole('button', { name: 'greetings' }));
    expect(await screen.findByText('in topic greetings')).toBeInTheDocument();
    expect(screen.getByRole('log', { name: '#general > greetings' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Topic' })).toBeNull();

    const dms = screen.getByRole('navigation', { name: 'Direct messages' });
    await user.click(within(dms).getByRole('button', { name: 'Alice Adams' }));
    expect(await screen.findByRole('log', { name: 'Alice Adams' })).toBeInTheDocument();
    expect(bridge.callsOf('view:open').at(-1)?.narrow).toEqual({ kind: 'dm', userIds: [11] });
  });

  it('shows the account status line as it changes', async () => {
    const bridge = mainSide();
    render(App, { bridge: bridge.client() });
    const status = await screen.findByText('Live');
    expect(status.closest('[role="status"]')).not.toBeNull();

    bridge.emit('account:status', { accountId: 'acc-1', status: { state: 'connecting' } });
    expect(await screen.findByText(/Connecting/)).toBeInTheDocument();

    bridge.emit('account:status', {
      accountId: 'acc-1',
      status: {
        state: 'offline',
        message: "Can't reach chat.example.com",
        retryInMs: 5000,
        detail: 'the connection was refused',
      },
    });
    // Issue 27 item 6: the host and the wait in words, the reason on hover, and no system code.
    const offline = await screen.findByText(/Can't reach chat\.example\.com — retrying in 5 s/);
    expect(offline).toHaveAttribute('title', "Can't reach chat.example.com: the connection was refused");
    expect(offline.closest('[role="status"]')).not.toHaveTextContent(/ECONN|Offline,/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry now' }));
    expect(bridge.sends.filter((s) => s.name === 'app:wake')).toHaveLength(1);

    bridge.emit('account:status', {
      accountId: 'acc-1',
      status: { state: 'signedOut', message: 'The API key was revoked.' },
    });
    expect(await screen.findByText(/Signed out: The API key was revoked\./)).toBeInTheDocument();

    // Signing in again starts at the account's server, already probed.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('region', { name: 'Organization' })).toBeInTheDocument();
    expect(bridge.callsOf('server:probe')).toEqual([{ url: 'https://chat.example.com' }]);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('me@example.com');
  });

  it('signs out back to the sign-in screen after a confirmation', async () => {
    const bridge = mainSide();
    render(App, { bridge: bridge.client() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of Example Org?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridge.callsOf('account:signOut')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Sign out' }));
    expect(bridge.callsOf('account:signOut')).toEqual([{ accountId: 'acc-1' }]);
    expect(await screen.findByRole('textbox', { name: 'Server URL' })).toBeInTheDocument();
  });

  it('starts the do-not-disturb box from main, and opens the conversation view:navigate names', async () => {
    const bridge = mainSide({ doNotDisturb: true });
    render(App, { bridge: bridge.client() });
    await screen.findByRole('log', { name: '#general' });
    expect(screen.getByRole('checkbox', { name: 'Do not disturb' })).toBeChecked();

    bridge.emit('view:navigate', { accountId: 'acc-1', narrow: { kind: 'dm', userIds: [11] } });
    expect(await screen.findByRole('log', { name: 'Alice Adams' })).toBeInTheDocument();
    expect(bridge.callsOf('view:open').at(-1)?.narrow).toEqual({ kind: 'dm', userIds: [11] });
  });

  it('opens a clicked notification at its message: the page is anchored there and the message selected', async () => {
    // jsdom lays nothing out, so it has no scrollIntoView; selecting a row calls it.
    Element.prototype.scrollIntoView ??= () => {};
    const bridge = mainSide();
    render(App, { bridge: bridge.client() });
    await screen.findByRole('log', { name: '#general' });

    bridge.emit('view:navigate', { accountId: 'acc-1', narrow: { kind: 'dm', userIds: [11] }, messageId: 100 });
    expect(await screen.findByRole('log', { name: 'Alice Adams' })).toBeInTheDocument();
    expect(bridge.callsOf('messages:page').at(-1)).toMatchObject({
      narrow: { kind: 'dm', userIds: [11] },
      anchor: 100,
    });
    await waitFor(() => expect(document.activeElement?.getAttribute('data-message-id')).toBe('100'));
  });
});
