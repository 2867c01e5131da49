import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionState } from '../state/session.svelte';
import { account, serverInfo } from '../testing/fixtures';
import { CallFailure, MemoryBridge } from '../testing/memoryBridge';
import SignIn from './SignIn.svelte';

function setup(bridge: MemoryBridge) {
  const session = new SessionState(bridge.client());
  render(SignIn, { session });
  return { session, user: userEvent.setup() };
}

async function probe(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Server URL' }), 'chat.example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('SignIn alternatives', () => {
  it('signs in with an API key and reports a bad one', async () => {
    const bridge = new MemoryBridge()
      .handle('server:probe', () => serverInfo())
      .handle('account:signInWithKey', () => {
        throw new CallFailure('BAD_CREDENTIALS', 'The server did not accept that API key.');
      });
    const { session, user } = setup(bridge);
    await probe(user);
    await user.click(await screen.findByRole('button', { name: 'Use an API key instead' }));
    const form = screen.getByRole('form', { name: 'Sign in with API key' });
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'me@example.com');
    await user.type(within(form).getByLabelText('API key'), 'wrongkey');
    await user.click(within(form).getByRole('button', { name: 'Sign in with API key' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('do not match');

    bridge.handle('account:signInWithKey', ({ email }) => account({ email }));
    await user.click(within(form).getByRole('button', { name: 'Sign in with API key' }));
    expect(bridge.callsOf('account:signInWithKey').at(-1)).toEqual({
      url: 'https://chat.example.com',
      email: 'me@example.com',
      apiKey: 'wrongkey',
    });
    expect(session.active?.email).toBe('me@example.com');
  });

  it('imports a pasted zuliprc without asking for the server first', async () => {
    const bridge = new MemoryBridge().handle('account:importZuliprc', () => account({ email: 'rc@example.com' }));
    const { session, user } = setup(bridge);
    await user.click(screen.getByRole('button', { name: 'Import zuliprc' }));
    const form = screen.getByRole('form', { name: 'Import zuliprc' });
    const text = '[api]\nemail=rc@example.com\nkey=k\nsite=https://chat.example.com';
    await user.click(within(form).getByRole('textbox', { name: 'zuliprc contents' }));
    await user.paste(text);
    await user.click(within(form).getByRole('button', { name: 'Import zuliprc' }));
    expect(bridge.callsOf('account:importZuliprc')).toEqual([{ text }]);
    expect(session.active?.email).toBe('rc@example.com');
  });

  it('starts a browser sign-in and finishes when main reports the result', async () => {
    const bridge = new MemoryBridge()
      .handle('server:probe', () => serverInfo())
      .handle('account:ssoStart', () => ({ loginUrl: 'https://chat.example.com/accounts/login/social/github?x=1' }));
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { session, user } = setup(bridge);
    await probe(user);
    await user.click(await screen.findByRole('button', { name: 'Sign in with GitHub' }));
    expect(bridge.callsOf('account:ssoStart')).toEqual([{ url: 'https://chat.example.com', method: 'github' }]);
    expect(opened).toHaveBeenCalledWith(
      'https://chat.example.com/accounts/login/social/github?x=1',
      '_blank',
      'noopener',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Finish signing in with GitHub');

    bridge.emit('account:ssoResult', {
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'The sign-in link expired.' },
    });
    expect(await screen.findByText('The sign-in link expired.')).toBeInTheDocument();
    bridge.emit('account:ssoResult', { ok: true, account: account({ email: 'sso@example.com' }) });
    expect(session.active?.email).toBe('sso@example.com');
    opened.mockRestore();
  });

  it('signs in on the login page of a server without external methods, with the pasted link', async () => {
    const link = 'zulip://login?realm=https%3A%2F%2Fchat.example.com&email=me%40example.com&otp_encrypted_api_key=ab';
    const bridge = new MemoryBridge()
      .handle('server:probe', () => serverInfo({ externalAuthMethods: [] }))
      .handle('account:ssoStart', () => ({ loginUrl: 'https://chat.example.com/accounts/login/?mobile_flow_otp=1' }))
      .handle('account:ssoComplete', () => account({ email: 'me@example.com' }));
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { session, user } = setup(bridge);
    await probe(user);
    await user.click(await screen.findByRole('button', { name: 'Open the login page in your browser' }));
    // No method: main opens the organization's own login page.
    expect(bridge.callsOf('account:ssoStart')).toEqual([{ url: 'https://chat.example.com' }]);
    expect(opened).toHaveBeenCalledWith(
      'https://chat.example.com/accounts/login/?mobile_flow_otp=1',
      '_blank',
      'noopener',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Finish signing in on the login page in your browser.');

    const form = screen.getByRole('form', { name: 'Finish browser sign-in' });
    const box = within(form).getByRole('textbox', { name: /paste it here/ });
    await user.type(box, 'https://chat.example.com/');
    await user.click(within(form).getByRole('button', { name: 'Finish sign-in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Paste the link that starts with zulip://login.');
    expect(bridge.callsOf('account:ssoComplete')).toHaveLength(0);

    await user.clear(box);
    await user.click(box);
    await user.paste(link);
    await user.click(within(form).getByRole('button', { name: 'Finish sign-in' }));
    expect(bridge.callsOf('account:ssoComplete')).toEqual([{ url: link }]);
    expect(session.active?.email).toBe('me@example.com');
    opened.mockRestore();
  });
});
