import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SessionState } from '../state/session.svelte';
import { account, serverInfo } from '../testing/fixtures';
import { MemoryBridge } from '../testing/memoryBridge';
import SignIn from './SignIn.svelte';

const plainHttp = serverInfo({ realmUrl: 'http://chat.example.com', insecure: true });

describe('SignIn to a plain-HTTP server', () => {
  it('offers no way to send a password until the user accepts the warning', async () => {
    const bridge = new MemoryBridge()
      .handle('server:probe', () => plainHttp)
      .handle('server:acceptInsecure', () => null)
      .handle('account:signIn', ({ email }) => account({ email }));
    render(SignIn, { session: new SessionState(bridge.client()) });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Server URL' }), 'http://chat.example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('does not use an encrypted connection');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with GitHub' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use an API key instead' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in over an unencrypted connection' }));
    expect(bridge.callsOf('server:acceptInsecure')).toEqual([{ url: 'http://chat.example.com' }]);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(bridge.callsOf('account:signIn')).toEqual([
      { url: 'http://chat.example.com', email: 'me@example.com', password: 'secret' },
    ]);
  });

  it('shows no warning for an https server', async () => {
    const bridge = new MemoryBridge().handle('server:probe', () => serverInfo());
    render(SignIn, { session: new SessionState(bridge.client()) });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Server URL' }), 'chat.example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
