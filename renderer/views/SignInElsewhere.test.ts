import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SessionState } from '../state/session.svelte';
import { account, serverInfo } from '../testing/fixtures';
import { MemoryBridge } from '../testing/memoryBridge';
import SignIn from './SignIn.svelte';

/** The server reached at chat.example.com names another origin as its organization's address. */
const reached = serverInfo({ realmUrl: 'https://chat.example.com', namedElsewhere: 'https://other.example.net' });
const there = serverInfo({ realmUrl: 'https://other.example.net', realmName: 'Other Org' });

function bridgeFor(): MemoryBridge {
  return new MemoryBridge()
    .handle('server:probe', ({ url }) => (url === 'https://other.example.net' ? there : reached))
    .handle('account:signIn', ({ email }) => account({ email }));
}

async function typeServer(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: 'Server URL' }), 'chat.example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('SignIn to a server that names its organization elsewhere (#25 item 2)', () => {
  it('shows the other address and offers no way to send a password until the user picks one', async () => {
    const bridge = bridgeFor();
    render(SignIn, { session: new SessionState(bridge.client()) });
    const user = userEvent.setup();
    await typeServer(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('organization is at https://other.example.net');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use an API key instead' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue at other.example.net' }));
    expect(bridge.callsOf('server:probe').at(-1)).toEqual({ url: 'https://other.example.net' });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(bridge.callsOf('account:signIn')).toEqual([
      { url: 'https://other.example.net', email: 'me@example.com', password: 'secret' },
    ]);
  });

  it('signs in at the address that was typed when the user stays', async () => {
    const bridge = bridgeFor();
    render(SignIn, { session: new SessionState(bridge.client()) });
    const user = userEvent.setup();
    await typeServer(user);
    await user.click(await screen.findByRole('button', { name: 'Stay at chat.example.com' }));
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(bridge.callsOf('account:signIn')).toEqual([
      { url: 'https://chat.example.com', email: 'me@example.com', password: 'secret' },
    ]);
  });
});
