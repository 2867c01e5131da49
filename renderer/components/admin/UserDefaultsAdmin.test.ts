import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import UserDefaultsAdmin from './UserDefaultsAdmin.svelte';

function setup() {
  let defaults: Record<string, string | number | boolean> = {
    color_scheme: 1,
    emojiset: 'google',
    web_home_view: 'inbox',
    enter_sends: false,
    twenty_four_hour_time: false,
    enable_sounds: true,
  };
  const bridge = new MemoryBridge()
    .handle('userDefaults:get', () => defaults)
    .handle('userDefaults:update', (a) => {
      if (a.changes['color_scheme'] === 3) throw new CallFailure('BAD_REQUEST', 'Invalid color_scheme');
      defaults = { ...defaults, ...a.changes };
      return null;
    });
  render(UserDefaultsAdmin, { bridge: bridge.client(), accountId: 'acc-1' });
  const elsewhere = (changes: typeof defaults) => {
    defaults = { ...defaults, ...changes };
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['userDefaults'] });
  };
  return { bridge, elsewhere, user: userEvent.setup() };
}

describe('UserDefaultsAdmin', () => {
  it('shows the defaults the server has, and only those settings', async () => {
    setup();
    const theme = await screen.findByRole('combobox', { name: 'Theme' });
    await vi.waitFor(() => expect(theme).toBeEnabled());
    expect(theme).toHaveValue('1');
    expect(screen.getByRole('checkbox', { name: /Enter sends/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Sound for direct messages/ })).toBeChecked();
    // Not in the server's defaults, so not offered.
    expect(screen.queryByRole('checkbox', { name: 'Show when others are typing' })).toBeNull();
  });

  it('sends each change at once and follows a change made elsewhere', async () => {
    const { bridge, elsewhere, user } = setup();
    const enter = await screen.findByRole('checkbox', { name: /Enter sends/ });
    await vi.waitFor(() => expect(enter).toBeEnabled());
    await user.click(enter);
    expect(bridge.callsOf('userDefaults:update')).toEqual([{ accountId: 'acc-1', changes: { enter_sends: true } }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved for new users');
    elsewhere({ twenty_four_hour_time: true });
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: /24-hour/ })).toBeChecked());
  });

  it('says why a value was refused and shows the organization’s value again', async () => {
    const { user } = setup();
    const theme = await screen.findByRole('combobox', { name: 'Theme' });
    await vi.waitFor(() => expect(theme).toBeEnabled());
    await user.selectOptions(theme, 'Light');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid color_scheme');
    await vi.waitFor(() => expect(theme).toHaveValue('1'));
  });
});
