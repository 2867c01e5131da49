import { describe, expect, it, vi } from 'vitest';
import type { AppState, Narrow } from '../../common/model';
import { BridgeError } from '../lib/bridge';
import { account } from '../testing/fixtures';
import { CallFailure, MemoryBridge } from '../testing/memoryBridge';
import { SessionState } from './session.svelte';

function appState(overrides: Partial<AppState> = {}): AppState {
  return {
    accounts: [account()],
    activeAccountId: 'acc-1',
    lastView: { kind: 'channel', channelId: 1 },
    keychain: { kind: 'keychain', name: 'the Secret Service (GNOME Keyring or KWallet)' },
    doNotDisturb: false,
    ...overrides,
  };
}

describe('SessionState', () => {
  it('loads accounts, the active one and its last view', async () => {
    const bridge = new MemoryBridge().handle('app:state', () => appState());
    const session = new SessionState(bridge.client());
    await session.load();
    expect(session.loaded).toBe(true);
    expect(session.active?.id).toBe('acc-1');
    expect(session.lastView).toEqual({ kind: 'channel', channelId: 1 });
  });

  it('falls back to the first account when the active one is unknown', async () => {
    const bridge = new MemoryBridge().handle('app:state', () => appState({ activeAccountId: 'gone' }));
    const session = new SessionState(bridge.client());
    await session.load();
    expect(session.active?.id).toBe('acc-1');
    expect(session.lastView).toBeNull();
  });

  it('keeps a load failure for the screen to show', async () => {
    const bridge = new MemoryBridge().handle('app:state', () => {
      throw new CallFailure('INTERNAL', 'database is locked');
    });
    const session = new SessionState(bridge.client());
    await session.load();
    expect(session.loaded).toBe(true);
    expect(session.loadError).toBeInstanceOf(BridgeError);
  });

  it('applies account status and account list deltas', async () => {
    const bridge = new MemoryBridge().handle('app:state', () => appState());
    const session = new SessionState(bridge.client());
    await session.load();
    bridge.emit('account:status', {
      accountId: 'acc-1',
      status: { state: 'offline', message: 'timeout', retryInMs: 4000 },
    });
    expect(session.active?.status).toEqual({ state: 'offline', message: 'timeout', retryInMs: 4000 });

    bridge.emit('accounts:changed', { accounts: [account({ id: 'acc-2' })] });
    expect(session.active?.id).toBe('acc-2');
    bridge.emit('accounts:changed', { accounts: [] });
    expect(session.active).toBeNull();
  });

  it('signs in: the new account becomes active; errors keep their code', async () => {
    const bridge = new MemoryBridge()
      .handle('app:state', () => appState({ accounts: [], activeAccountId: null, lastView: null }))
      .handle('account:signIn', ({ email, password }) => {
        if (password !== 'right') throw new CallFailure('BAD_CREDENTIALS', 'Your username or password is incorrect');
        return account({ id: 'acc-9', email });
      });
    const session = new SessionState(bridge.client());
    await session.load();
    await expect(session.signIn('https://chat.example.com', 'me@example.com', 'wrong')).rejects.toMatchObject({
      code: 'BAD_CREDENTIALS',
    });
    expect(session.active).toBeNull();
    await session.signIn('https://chat.example.com', 'me@example.com', 'right');
    expect(session.active?.id).toBe('acc-9');
  });

  it('signs out and moves to another account if there is one', async () => {
    const bridge = new MemoryBridge()
      .handle('app:state', () => appState({ accounts: [account(), account({ id: 'acc-2' })] }))
      .handle('account:signOut', () => null);
    const session = new SessionState(bridge.client());
    await session.load();
    await session.signOut('acc-1');
    expect(bridge.callsOf('account:signOut')).toEqual([{ accountId: 'acc-1' }]);
    expect(session.accounts.map((a) => a.id)).toEqual(['acc-2']);
    expect(session.active?.id).toBe('acc-2');
  });
});

describe('SessionState account switching and do-not-disturb', () => {
  it('switches through main and takes the account’s last view', async () => {
    const a = account();
    const b = account({ id: 'acc-2', email: 'other@example.com' });
    const bridge = new MemoryBridge()
      .handle('app:state', () => ({
        accounts: [a, b],
        activeAccountId: 'acc-1',
        lastView: null,
        keychain: { kind: 'keychain', name: 'the Secret Service (GNOME Keyring or KWallet)' },
        doNotDisturb: false,
      }))
      .handle('account:switch', () => ({
        accounts: [a, b],
        activeAccountId: 'acc-2',
        lastView: { kind: 'channel', channelId: 3 },
        keychain: { kind: 'keychain', name: 'the Secret Service (GNOME Keyring or KWallet)' },
        doNotDisturb: false,
      }))
      .handle('notify:setDoNotDisturb', () => null);
    const session = new SessionState(bridge.client());
    await session.load();
    await session.switchAccount('acc-2');
    expect(bridge.callsOf('account:switch')).toEqual([{ accountId: 'acc-2' }]);
    expect(session.active?.email).toBe('other@example.com');
    expect(session.lastView).toEqual({ kind: 'channel', channelId: 3 });

    await session.setDoNotDisturb(true);
    expect(bridge.callsOf('notify:setDoNotDisturb')).toEqual([{ enabled: true }]);
    expect(session.doNotDisturb).toBe(true);
  });

  it('starts do-not-disturb from what main kept', async () => {
    const bridge = new MemoryBridge().handle('app:state', () => appState({ doNotDisturb: true }));
    const session = new SessionState(bridge.client());
    await session.load();
    expect(session.doNotDisturb).toBe(true);
  });

  it('obeys view:navigate: switches to that account and asks its Home to open the narrow', async () => {
    const a = account();
    const b = account({ id: 'acc-2', email: 'other@example.com' });
    const bridge = new MemoryBridge()
      .handle('app:state', () => appState({ accounts: [a, b] }))
      .handle('account:switch', () => appState({ accounts: [a, b], activeAccountId: 'acc-2', lastView: null }));
    const session = new SessionState(bridge.client());
    await session.load();
    const narrow: Narrow = { kind: 'dm', userIds: [7] };
    bridge.emit('view:navigate', { accountId: 'acc-2', narrow });
    await vi.waitFor(() => expect(session.navigation).toEqual({ accountId: 'acc-2', narrow }));
    expect(bridge.callsOf('account:switch')).toEqual([{ accountId: 'acc-2' }]);
    expect(session.activeAccountId).toBe('acc-2');
    expect(session.lastView).toEqual(narrow);

    // An account that is no longer signed in here: nothing changes.
    session.navigation = null;
    await session.navigate('gone', narrow);
    expect(session.navigation).toBeNull();
    expect(bridge.callsOf('account:switch')).toHaveLength(1);
  });

  it('reports a failed browser sign-in once: from the event, or from the pasted link', async () => {
    const bridge = new MemoryBridge().handle('account:ssoComplete', () => {
      // Main announces the outcome as an event before it answers the call.
      bridge.emit('account:ssoResult', { ok: false, error: { code: 'SSO_NOT_PENDING', message: 'Start again.' } });
      throw new CallFailure('SSO_NOT_PENDING', 'Start again.');
    });
    const session = new SessionState(bridge.client());
    await expect(session.ssoComplete('zulip://login?realm=x')).rejects.toBeInstanceOf(BridgeError);
    expect(session.ssoError).toBeNull();

    // A link the system delivered (no call from here): the event is all there is.
    bridge.emit('account:ssoResult', { ok: false, error: { code: 'SSO_NOT_PENDING', message: 'Start again.' } });
    expect(session.ssoError).toBe('Start again.');
  });
});
