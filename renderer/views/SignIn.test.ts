import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SessionState } from '../state/session.svelte';
import { account, serverInfo } from '../testing/fixtures';
import { CallFailure, MemoryBridge } from '../testing/memoryBridge';
import SignIn from './SignIn.svelte';

function setup(bridge: MemoryBridge) {
  const session = new SessionState(bridge.client());
  render(SignIn, { session });
  return { session, user: userEvent.setup() };
}

async function probe(user: ReturnType<typeof userEvent.setup>, url = 'chat.example.com') {
  await user.type(screen.getByRole('textbox', { name: 'Server URL' }), url);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('SignIn', () => {
  it('shows the organization after a probe, with a sanitized description', async () => {
    const bridge = new MemoryBridge().handle('server:probe', () => serverInfo());
    const { user } = setup(bridge);
    await probe(user);

    expect(bridge.callsOf('server:probe')).toEqual([{ url: 'chat.example.com' }]);
    const org = await screen.findByRole('region', { name: 'Organization' });
    expect(within(org).getByRole('heading', { name: 'Example Org' })).toBeInTheDocument();
    expect(within(org).getByText('example')).toBeInTheDocument();
    expect(within(org).getByText('Zulip 11.0 · feature level 400')).toBeInTheDocument();
    expect(org.querySelector('[onerror]')).toBeNull();
    expect(org.querySelector('img[src="https://chat.example.com/icon.png"]')).not.toBeNull();

    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeEnabled();
  });

  it('signs in with the canonical organization URL and makes the account active', async () => {
    const bridge = new MemoryBridge()
      .handle('server:probe', () => serverInfo())
      .handle('account:signIn', ({ email }) => account({ email }));
    const { session, user } = setup(bridge);
    await probe(user, 'Chat.Example.com/');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(bridge.callsOf('account:signIn')).toEqual([
      { url: 'https://chat.example.com', email: 'me@example.com', password: 'secret' },
    ]);
    expect(session.active?.email).toBe('me@example.com');
  });

  it.each([
    ['UNREACHABLE', 'Could not reach that server.'],
    ['NOT_ZULIP', 'does not look like a Zulip server'],
    ['INCOMPATIBLE', 'version that Parley does not support'],
  ])('explains a %s probe failure', async (code, text) => {
    const bridge = new MemoryBridge().handle('server:probe', () => {
      throw new CallFailure(code, `details for ${code}`);
    });
    const { user } = setup(bridge);
    await probe(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent(`details for ${code}`);
    // What was typed stays for another try.
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveValue('chat.example.com');
  });

  it('says so when the server calls this client incompatible', async () => {
    const bridge = new MemoryBridge().handle('server:probe', () => serverInfo({ isIncompatible: true }));
    const { user } = setup(bridge);
    await probe(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('version that Parley does not support');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it.each([
    ['BAD_CREDENTIALS', 'do not match an account', ''],
    ['USER_DEACTIVATED', 'account has been deactivated', 'secret'],
    ['KEYCHAIN', 'could not save your sign-in in the system keychain', 'secret'],
  ])('explains a %s sign-in failure', async (code, text, passwordAfter) => {
    const bridge = new MemoryBridge()
      .handle('server:probe', () => serverInfo())
      .handle('account:signIn', () => {
        throw new CallFailure(code, 'from main');
      });
    const { session, user } = setup(bridge);
    await probe(user);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('me@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue(passwordAfter);
    expect(session.active).toBeNull();
  });

  it('asks for a URL before probing and for credentials before signing in', async () => {
    const bridge = new MemoryBridge().handle('server:probe', () => serverInfo());
    const { user } = setup(bridge);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the address');
    expect(bridge.callsOf('server:probe')).toHaveLength(0);

    await probe(user);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your email and password.');
    expect(bridge.callsOf('account:signIn')).toHaveLength(0);
  });

  it('labels the login field for usernames when the server allows them', async () => {
    const bridge = new MemoryBridge().handle('server:probe', () => serverInfo({ requireEmailFormatUsernames: false }));
    const { user } = setup(bridge);
    await probe(user);
    expect(await screen.findByRole('textbox', { name: 'Email or username' })).toBeInTheDocument();
  });

  it('notes when keys can only be kept in memory', async () => {
    const bridge = new MemoryBridge().handle('app:state', () => ({
      accounts: [],
      activeAccountId: null,
      lastView: null,
      keychain: { kind: 'memory', reason: 'no Secret Service on D-Bus' },
      doNotDisturb: false,
    }));
    const { session } = setup(bridge);
    await session.load();
    expect(await screen.findByRole('note')).toHaveTextContent('kept in memory only');
    expect(screen.getByRole('note')).toHaveTextContent('no Secret Service on D-Bus');
  });
});
